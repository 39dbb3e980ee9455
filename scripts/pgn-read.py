#!/usr/bin/env python3
"""Reads PGN files with python-chess (a standard PGN reader; GPL-3.0, used
here only as a test tool, never linked) and prints each game's final FEN.

Usage: pgn-read.py [--orthodox] FILE...
  --orthodox  read the movetext as orthodox chess, without the Variant tag
              (python-chess knows no Bluff Chess; its moves are orthodox).
Exit 1 if a file holds no game, or the reader reports any error (an illegal
or unreadable move, a bad FEN).
"""
import io
import sys

import chess.pgn


def main(args):
    orthodox = "--orthodox" in args
    files = [a for a in args if a != "--orthodox"]
    failed = False
    for name in files:
        with open(name, encoding="utf-8") as f:
            text = f.read()
        if orthodox:
            text = "\n".join(
                line for line in text.splitlines() if not line.startswith("[Variant ")
            )
        game = chess.pgn.read_game(io.StringIO(text))
        if game is None or game.errors:
            print(f"{name}: {game.errors if game else 'no game'}", file=sys.stderr)
            failed = True
            continue
        print(game.end().board().fen())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
