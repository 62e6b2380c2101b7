from tentable.cli import main

raise SystemExit(main())
