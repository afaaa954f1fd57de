from access_game.cli import main

raise SystemExit(main())
