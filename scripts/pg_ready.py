"""Exit 0 when the PostgreSQL server named by the URL accepts a connection, 1 otherwise."""

import sys

import dj_database_url
import psycopg


def main(url):
    cfg = dj_database_url.parse(url)
    try:
        psycopg.connect(
            host=cfg["HOST"] or "127.0.0.1",
            port=cfg["PORT"] or 5432,
            user=cfg["USER"] or None,
            password=cfg["PASSWORD"] or None,
            dbname=cfg["NAME"],
            connect_timeout=3,
        ).close()
    except psycopg.Error as exc:
        print(f"PostgreSQL check failed: {exc}".strip(), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
