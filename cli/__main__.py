"""`python -m cli ARGS` runs affo from a checkout (handy in a worktree without reinstalling)."""

from cli.start import main

main()
