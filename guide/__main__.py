from guide.cli import main

main()
