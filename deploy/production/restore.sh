#!/bin/sh
# Restoring a nightly dump of the compose deployment (docs/operating.md, "Restoring"), run in the backup
# container, which has PostgreSQL's tools and the password:
#   mancala-restore /backups/mancala-2026-11-26T0315.dump
#       restores the dump into a new database, mancala_restored, while the site runs on mancala (check it
#       from a node: `mancala-server admin --database-url …/mancala_restored check`);
#   mancala-restore swap
#       once the nodes are stopped: mancala_restored becomes mancala (the nodes' DATABASE_URL names it, so
#       they start on the restored data) and the database it replaces is kept as mancala_before_DATE.
# The compose file's role `mancala` owns the site's database and may create and rename databases (the
# image makes POSTGRES_USER a superuser); no `postgres` role exists. The names are the compose
# deployment's by default and can be set (PGHOST, PGUSER, MANCALA_DB), as the server's test does.
set -u
export PGHOST="${PGHOST:-postgres}" PGUSER="${PGUSER:-mancala}"
db="${MANCALA_DB:-mancala}"
restored="${db}_restored"

exists() {
	[ "$(psql -d postgres -Atc "SELECT 1 FROM pg_database WHERE datname = '$1'")" = 1 ]
}

case "${1:-}" in
"" | -h | --help)
	echo "usage: mancala-restore DUMP    (into $restored)" >&2
	echo "       mancala-restore swap    (the nodes stopped: $restored becomes $db)" >&2
	exit 2
	;;
swap)
	if ! exists "$restored"; then
		echo "there is no database $restored: restore a dump first (mancala-restore DUMP)" >&2
		exit 2
	fi
	old="${db}_before_$(date -u +%Y%m%d_%H%M%S)"
	if exists "$db" && ! psql -d postgres -q -v ON_ERROR_STOP=1 -c "ALTER DATABASE \"$db\" RENAME TO \"$old\""; then
		echo "$db is in use: stop the nodes first (docker compose -f deploy/production/compose.yml stop node1 node2)" >&2
		exit 1
	fi
	if ! psql -d postgres -q -v ON_ERROR_STOP=1 -c "ALTER DATABASE \"$restored\" RENAME TO \"$db\""; then
		psql -d postgres -q -c "ALTER DATABASE \"$old\" RENAME TO \"$db\""
		echo "$restored could not be renamed: nothing was changed" >&2
		exit 1
	fi
	echo "$db is now the restored database; the one it replaced is $old (drop it once the site runs well: dropdb $old)"
	;;
*)
	dump="$1"
	if [ ! -f "$dump" ]; then
		echo "no dump at $dump (the nightly ones: ls /backups)" >&2
		exit 2
	fi
	if exists "$restored"; then
		echo "$restored exists already: swap it in (mancala-restore swap) or drop it (dropdb $restored)" >&2
		exit 2
	fi
	createdb "$restored" || exit 1
	if ! pg_restore --no-owner --exit-on-error -d "$restored" "$dump"; then
		dropdb "$restored"
		echo "the restore of $dump failed: nothing was changed" >&2
		exit 1
	fi
	echo "restored $dump into $restored: check it, stop the nodes, then run mancala-restore swap"
	;;
esac
