from gpufleet.cli.main import main

raise SystemExit(main())
