"""`python -m tentable`: the same entry point as the `tentable` command (`startup.main`)."""
import multiprocessing
import sys

from tentable.startup import main

if __name__ == "__main__":
    # A frozen app starts its bot processes by running itself again ("spawn"): this
    # line makes such a child run the bot instead of a second window.
    multiprocessing.freeze_support()
    sys.exit(main())
