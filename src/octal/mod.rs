//! Octal and subtraction games: codes, nim-sequences, proved periods.
