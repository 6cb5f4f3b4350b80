import sys

from seating_designs.search import main

if __name__ == "__main__":
    main(sys.argv[1:])
