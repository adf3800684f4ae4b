#!/bin/sh
# The nightly backup (docs/operating.md, "Backups"): at $BACKUP_AT UTC, `pg_dump -Fc` into /backups,
# dumps older than $KEEP_DAYS days deleted, and the time of each success pushed to the Pushgateway
# (the alert "no backup in 26 h" reads it). `mancala-backup now` takes one backup at once and exits
# with its status (after installing, before an upgrade, or to clear the alert after the Pushgateway
# restarted).
# The compose deployment's names are the defaults: the database `mancala` of the role `mancala` on the
# host `postgres`, dumps in /backups, the Pushgateway at pushgateway:9091 (each can be set, as the
# server's test of the restore does against another PostgreSQL).
set -u
export PGHOST="${PGHOST:-postgres}" PGUSER="${PGUSER:-mancala}"
db="${MANCALA_DB:-mancala}"
dir="${BACKUP_DIR:-/backups}"
pushgateway="${PUSHGATEWAY:-http://pushgateway:9091}"

backup() {
	file="$dir/mancala-$(date -u +%Y-%m-%dT%H%M).dump"
	if pg_dump -Fc --file "$file.part" "$db" && mv "$file.part" "$file"; then
		find "$dir" -name 'mancala-*.dump' -mtime +"${KEEP_DAYS:-14}" -delete
		printf 'mancala_backup_last_success_timestamp_seconds %s\n' "$(date -u +%s)" |
			wget -q -O /dev/null --post-file=/dev/stdin "$pushgateway/metrics/job/mancala_backup" ||
			echo "backup written, but the Pushgateway did not take its time"
		echo "backup written: $file"
	else
		rm -f "$file.part"
		echo "backup FAILED at $(date -u)" >&2
		return 1
	fi
}

if [ "${1:-}" = now ]; then
	backup
	exit
fi
while :; do
	now=$(date -u +%s)
	next=$(date -u -d "$(date -u +%Y-%m-%d) ${BACKUP_AT}" +%s)
	[ "$next" -le "$now" ] && next=$((next + 86400))
	sleep $((next - now))
	backup
done
