from gmtool.cli.main import main

main()
