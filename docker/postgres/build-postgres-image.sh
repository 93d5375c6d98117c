#!/usr/bin/env bash
# Builds the benchmark database image, FROM scratch, without any registry: Debian's
# postgresql-MAJOR server and the shared libraries it links, no shell, no package manager.
#
#   build-postgres-image.sh IMAGE MAJOR WORK_DIR
#
#   IMAGE      image name, normally perflab/postgres:15 (parent POM property perflab.postgres.image)
#   MAJOR      PostgreSQL major version: the Debian package postgresql-MAJOR (15 on Debian 12)
#   WORK_DIR   scratch directory for downloads, the rootfs and the build context
#
# Every container of the image starts from the same freshly initialised cluster, baked into
# the image: database perflab, superuser perflab with password perflab (SCRAM), listening on
# 0.0.0.0:5432, settings from postgresql.conf and pg_hba.conf beside this script (installed as
# /etc/postgresql/). The entrypoint is the postgres server itself, as user postgres (65532);
# arguments given to `docker run` are passed to it (e.g. `-c fsync=off`). Ready when it logs
# "database system is ready to accept connections".
#
# Which Debian packages go in is computed, not listed: the server's ELF files (the postgres
# and initdb executables and the loadable modules) are resolved by Debian's own dynamic loader
# (ld.so --list) against the unpacked packages, starting from postgresql-MAJOR's dependencies
# and following the dependencies of every package that provides a needed library. Only
# packages that provide one are kept, plus DATA_PACKAGES below.
#
# The cluster is initialised inside the image build: initdb runs the bootstrap backend through
# popen(), i.e. /bin/sh, so a first build stage adds dash and initdb, runs initdb and creates
# the database in single-user mode; the final stage copies only the data directory from it.
#
# Idempotent: a fingerprint of the inputs (this script, the two configuration files and the
# candidate versions of the server and data packages) is stored as an image label; if the image
# already carries the same fingerprint, nothing is done.
set -euo pipefail

# shellcheck source=../lib/images.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/images.sh"

[[ $# -eq 3 ]] || { echo "usage: $0 IMAGE MAJOR WORK_DIR" >&2; exit 1; }
readonly IMAGE="$1" MAJOR="$2" WORK_DIR="$3"
[[ "$MAJOR" =~ ^[0-9]+$ ]] || { echo "MAJOR must be a number such as 15, not '$MAJOR'" >&2; exit 1; }

readonly SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly CONFIG_FILES=("$SCRIPT_DIR/postgresql.conf" "$SCRIPT_DIR/pg_hba.conf")
readonly FINGERPRINT_LABEL="dev.perflab.postgres.fingerprint"
readonly VERSION_LABEL="dev.perflab.postgres.version"
readonly PG_PACKAGE="postgresql-$MAJOR"
# Needed at run time but found by no ELF analysis: PostgreSQL is built with the system time
# zone database, and the JDBC driver sends the JVM's zone name (TimeZone) at every connect.
readonly DATA_PACKAGES=(tzdata)
# Only in the build stage that runs initdb: its popen() needs /bin/sh.
readonly INITDB_STAGE_PACKAGES=(dash)
readonly PG_UID=65532
readonly PG_DB=perflab PG_USER=perflab PG_PASSWORD=perflab
readonly PG_BIN="/usr/lib/postgresql/$MAJOR/bin" PG_LIB="/usr/lib/postgresql/$MAJOR/lib"
readonly PG_SHARE="/usr/share/postgresql/$MAJOR"
readonly PGDATA=/var/lib/postgresql/data
readonly READY_MESSAGE="database system is ready to accept connections"

log() { echo "[postgres-image] $*"; }
die() { echo "[postgres-image] ERROR: $*" >&2; exit 1; }

command -v docker >/dev/null || die "docker not found on PATH: install the Docker CLI and start an engine"
command -v apt-get >/dev/null && command -v dpkg >/dev/null \
  || die "apt-get/dpkg not found: the image is built from Debian packages on a Debian host"
for f in "${CONFIG_FILES[@]}"; do [[ -f "$f" ]] || die "missing $f"; done

# --- Up to date? ---------------------------------------------------------------------------
# "package version" for each name that is a real package with a candidate (one apt-cache call:
# each costs most of a second); virtual and unknown names are left out.
candidates_of() {
  (($#)) || return 0
  apt-cache show --no-all-versions "$@" 2>/dev/null \
    | awk '/^Package: /{p=$2} /^Version: /{print p, $2}' || true
}
candidate_version() { candidates_of "$1" | awk '{print $2; exit}'; }
apt_update() {
  [[ $EUID -eq 0 ]] || die "$1, and refreshing the package lists needs root: run 'sudo apt-get update' once, then rebuild"
  log "$1; running apt-get update once"
  apt-get update -q >/dev/null
}
pg_version="$(candidate_version "$PG_PACKAGE")"
if [[ -z "$pg_version" ]]; then
  apt_update "no candidate for $PG_PACKAGE in the package lists"
  pg_version="$(candidate_version "$PG_PACKAGE")"
  [[ -n "$pg_version" ]] || die "Debian has no package $PG_PACKAGE (Debian 12 has postgresql-15)"
fi
readonly pg_version

fingerprint="$(
  {
    cat "${BASH_SOURCE[0]}" "$(dirname "${BASH_SOURCE[0]}")/../lib/images.sh" "${CONFIG_FILES[@]}"
    printf 'image %s major %s\n' "$IMAGE" "$MAJOR"
    candidates_of "$PG_PACKAGE" "${DATA_PACKAGES[@]}"
  } | sha256sum | cut -d' ' -f1
)"
readonly fingerprint

current="$(image_label "$IMAGE" "$FINGERPRINT_LABEL")"
if [[ "$current" == "$fingerprint" ]]; then
  echo "postgres image $IMAGE is up to date"
  exit 0
fi

started=$SECONDS
previous_id="$(image_id "$IMAGE")"
log "building $IMAGE from $PG_PACKAGE $pg_version (fingerprint ${fingerprint:0:12}; image had: ${current:0:12})"

readonly DEBS="$WORK_DIR/debs" POOL="$WORK_DIR/pool" ROOTFS="$WORK_DIR/rootfs" \
  STAGE="$WORK_DIR/initdb-stage" CONTEXT="$WORK_DIR/context"
rm -rf "$WORK_DIR"
mkdir -p "$DEBS" "$POOL" "$ROOTFS" "$STAGE" "$CONTEXT"

# --- 1. Debian packages: download, unpack each into POOL/<package> -------------------------
# Download packages not yet in the pool (apt-get download fetches candidate versions).
fetch() {
  local wanted=() p
  for p in "$@"; do [[ -d "$POOL/$p" ]] || wanted+=("$p"); done
  ((${#wanted[@]})) || return 0
  # Sandbox user root: avoids apt's "_apt cannot access the download directory" notice.
  if ! (cd "$DEBS" && apt-get download -q -o APT::Sandbox::User=root "${wanted[@]}" >/dev/null); then
    apt_update "apt-get download ${wanted[*]} failed"
    (cd "$DEBS" && apt-get download -q -o APT::Sandbox::User=root "${wanted[@]}" >/dev/null) \
      || die "apt-get download ${wanted[*]} failed even after apt-get update"
  fi
  local deb name
  for deb in "$DEBS"/*.deb; do
    name="$(dpkg-deb --field "$deb" Package)"
    [[ -d "$POOL/$name" ]] || dpkg -x "$deb" "$POOL/$name"
  done
}

# The names a package depends on (Depends and Pre-Depends, versions dropped). Groups of
# alternatives are skipped: a dependency on a shared library (written by dpkg-shlibdeps) never
# has alternatives, and these are the only ones followed here.
dependencies() {
  local deb
  deb="$(ls "$DEBS/$1"_*.deb)"
  {
    dpkg-deb --field "$deb" Depends
    dpkg-deb --field "$deb" Pre-Depends
  } | tr ',' '\n' | grep -v '|' | sed -E 's/\(.*\)//; s/:any//; s/[[:space:]]//g' | grep -v '^$' || true
}

fetch "$PG_PACKAGE" "${DATA_PACKAGES[@]}" "${INITDB_STAGE_PACKAGES[@]}"
[[ "$(dpkg-deb --field "$(ls "$DEBS/$PG_PACKAGE"_*.deb)" Version)" == "$pg_version" ]] \
  || die "downloaded $PG_PACKAGE is not the candidate version $pg_version"

# The server's ELF files, relative to the package root: the server, initdb (build stage only)
# and every loadable module except the LLVM JIT provider (llvmjit*.so, which alone needs the
# 100 MB libLLVM; jit = off in postgresql.conf) and its bitcode.
pg_elf_files() {
  echo ".$PG_BIN/postgres"
  echo ".$PG_BIN/initdb"
  (cd "$POOL/$PG_PACKAGE" && find ".$PG_LIB" -maxdepth 1 -name '*.so' ! -name 'llvmjit*' | sort)
}

# --- 2. The libraries they need ------------------------------------------------------------
selected=("$PG_PACKAGE")
is_selected() { local s; for s in "${selected[@]}"; do [[ "$s" == "$1" ]] && return 0; done; return 1; }
for round in 1 2 3 4 5 6 7 8 9 10; do
  loader="$(find "$POOL/libc6" -path '*/lib64/ld-linux-x86-64.so.2' 2>/dev/null | head -n1 || true)"
  [[ -n "$loader" ]] || fetch libc6
  loader="$(find "$POOL/libc6" -path '*/lib64/ld-linux-x86-64.so.2' | head -n1)"
  [[ -n "$loader" ]] || die "libc6 has no x86-64 dynamic loader"
  lib_path="$(find "$POOL" -name '*.so*' \( -type f -o -type l \) -printf '%h\n' | sort -u | paste -sd:)"
  unresolved=()
  while IFS= read -r elf; do
    # "libz.so.1 => /.../pool/zlib1g/usr/lib/x86_64-linux-gnu/libz.so.1 (0x...)"; a library
    # found outside the pool (on the host) or not at all is unresolved.
    listing="$("$loader" --library-path "$lib_path" --list "$POOL/$PG_PACKAGE/$elf" 2>&1 || true)"
    # (A module that links no library at all is listed as "statically linked".)
    grep -Eq ' => |statically linked' <<<"$listing" || die "ld.so --list cannot read $elf: $listing"
    while read -r soname arrow path _; do
      [[ "$arrow" == "=>" ]] || continue
      if [[ "$path" == "$POOL"/* ]]; then
        provider="${path#"$POOL"/}"; provider="${provider%%/*}"
        is_selected "$provider" || selected+=("$provider")
      else
        unresolved+=("$soname")
      fi
    done <<<"$listing"
  done < <(pg_elf_files)
  ((${#unresolved[@]})) || break
  mapfile -t unresolved < <(printf '%s\n' "${unresolved[@]}" | sort -u)
  # Follow the dependencies of every package that provides a needed library.
  candidates=()
  for p in "${selected[@]}"; do
    while IFS= read -r d; do [[ -d "$POOL/$d" ]] || candidates+=("$d"); done < <(dependencies "$p")
  done
  # Real packages only (virtual names such as debconf-2.0 cannot be downloaded).
  mapfile -t candidates < <(printf '%s\n' "${candidates[@]}" | grep -v '^$' | sort -u)
  mapfile -t candidates < <(candidates_of "${candidates[@]}" | cut -d' ' -f1 | sort -u)
  ((${#candidates[@]})) || die "no Debian package found for: ${unresolved[*]}"
  fetch "${candidates[@]}"
  ((round < 10)) || die "libraries still unresolved after $round rounds: ${unresolved[*]}"
done
mapfile -t selected < <(printf '%s\n' "${selected[@]}" | sort)
log "packages: ${selected[*]} + ${DATA_PACKAGES[*]}"

# --- 3. The rootfs -------------------------------------------------------------------------
# Library and data packages whole (no maintainer scripts run); of the server package only the
# server, its modules and share/ (less the LLVM JIT, man pages and message translations: the
# server logs in English).
for p in "${selected[@]}" "${DATA_PACKAGES[@]}"; do
  [[ "$p" == "$PG_PACKAGE" ]] || cp -a "$POOL/$p/." "$ROOTFS/"
done
src="$POOL/$PG_PACKAGE"
install -d "$ROOTFS$PG_BIN" "$ROOTFS$PG_LIB" "$ROOTFS/usr/share/postgresql" "$ROOTFS/usr/share/doc/$PG_PACKAGE"
cp -a "$src$PG_BIN/postgres" "$ROOTFS$PG_BIN/"
find "$src$PG_LIB" -maxdepth 1 -name '*.so' ! -name 'llvmjit*' -exec cp -a {} "$ROOTFS$PG_LIB/" \;
cp -a "$src$PG_SHARE" "$ROOTFS/usr/share/postgresql/"
rm -rf "$ROOTFS$PG_SHARE/man"
cp -a "$src/usr/share/doc/$PG_PACKAGE/copyright" "$ROOTFS/usr/share/doc/$PG_PACKAGE/"
# Documentation is dead weight; keep only the licences. glibc's gconv modules serve iconv(),
# which the server does not use (it converts encodings itself).
find "$ROOTFS/usr/share/doc" -type f ! -name copyright -delete
find "$ROOTFS/usr/share/doc" -type l -delete
rm -rf "$ROOTFS/usr/share/man" "$ROOTFS/usr/share/info" "$ROOTFS/usr/share/lintian" \
  "$ROOTFS/usr/share/locale" "$ROOTFS/usr/lib/x86_64-linux-gnu/gconv"
[[ ! -e "$ROOTFS/bin/sh" && ! -e "$ROOTFS/usr/bin/sh" ]] || die "a shell got into the rootfs"

# Users: the server refuses to run as root and looks its user up by uid.
install -d -m 0755 "$ROOTFS/etc"
cat > "$ROOTFS/etc/passwd" <<PASSWD
root:x:0:0:root:/root:/sbin/nologin
postgres:x:$PG_UID:$PG_UID:PostgreSQL:/var/lib/postgresql:/sbin/nologin
PASSWD
cat > "$ROOTFS/etc/group" <<GROUP
root:x:0:
postgres:x:$PG_UID:
GROUP
cat > "$ROOTFS/etc/nsswitch.conf" <<'NSS'
passwd: files
group:  files
hosts:  files dns
NSS
install -d -m 0755 "$ROOTFS/etc/postgresql"
install -m 0644 "${CONFIG_FILES[@]}" "$ROOTFS/etc/postgresql/"
install -d -m 1777 "$ROOTFS/tmp"
install -d -m 0755 -o "$PG_UID" -g "$PG_UID" "$ROOTFS/var/lib/postgresql"
tar --numeric-owner --sort=name -C "$ROOTFS" -cf "$CONTEXT/rootfs.tar" .

# The build stage's extras: dash as /bin/sh, initdb, and the superuser's password file.
for p in "${INITDB_STAGE_PACKAGES[@]}"; do cp -a "$POOL/$p/." "$STAGE/"; done
rm -rf "$STAGE/usr/share"
install -d "$STAGE$PG_BIN" "$STAGE/initdb"
cp -a "$src$PG_BIN/initdb" "$STAGE$PG_BIN/"
printf '%s\n' "$PG_PASSWORD" > "$STAGE/initdb/pwfile"
chmod 0644 "$STAGE/initdb/pwfile"
[[ -e "$STAGE/bin/sh" ]] || die "dash provides no /bin/sh"
tar --numeric-owner --sort=name -C "$STAGE" -cf "$CONTEXT/initdb-stage.tar" .

# --- 4. The image --------------------------------------------------------------------------
# initdb: UTF-8 with the C locale (no locale data needed; byte-order collation), SCRAM for
# every connection; the superuser is perflab. Then CREATE DATABASE in single-user mode
# (exit_on_error makes a failed statement fail the build). The build stage is labelled so it
# can be pruned after the build; COPY --from resets owners, hence --chown (modes are kept:
# the data directory stays 0700, as the server requires).
cat > "$CONTEXT/Dockerfile" <<DOCKERFILE
# Generated by docker/postgres/build-postgres-image.sh: do not edit.
FROM scratch AS initdb
ADD rootfs.tar /
ADD initdb-stage.tar /
USER $PG_UID:$PG_UID
RUN ["$PG_BIN/initdb", "--pgdata=$PGDATA", "--username=$PG_USER", "--pwfile=/initdb/pwfile", "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C", "--no-instructions"]
RUN ["/bin/sh", "-c", "echo 'CREATE DATABASE $PG_DB OWNER $PG_USER' | $PG_BIN/postgres --single -D $PGDATA -c exit_on_error=on postgres"]
LABEL dev.perflab.postgres.stage="initdb"

FROM scratch
ADD rootfs.tar /
COPY --from=initdb --chown=$PG_UID:$PG_UID /var/lib/postgresql /var/lib/postgresql
USER $PG_UID:$PG_UID
WORKDIR /var/lib/postgresql
ENV PATH=$PG_BIN PGDATA=$PGDATA
EXPOSE 5432
# Fast shutdown: SIGTERM (smart) would wait for every client to disconnect.
STOPSIGNAL SIGINT
ENTRYPOINT ["$PG_BIN/postgres", "-D", "$PGDATA", "-c", "config_file=/etc/postgresql/postgresql.conf"]
LABEL $FINGERPRINT_LABEL="$fingerprint" $VERSION_LABEL="$pg_version" org.opencontainers.image.title="perflab PostgreSQL $MAJOR" org.opencontainers.image.description="PostgreSQL $pg_version from Debian packages, FROM scratch, no shell: database $PG_DB, user $PG_USER/$PG_PASSWORD, initialised at build time"
DOCKERFILE

build_ok=true
build_output="$(DOCKER_BUILDKIT=0 docker build --quiet --tag "$IMAGE" "$CONTEXT" 2>&1)" || build_ok=false
# The initdb stage is left behind untagged by the legacy builder.
docker image prune --force --filter label=dev.perflab.postgres.stage=initdb >/dev/null 2>&1 || true
if [[ "$build_ok" != true ]]; then
  echo "$build_output" >&2
  die "docker build of $IMAGE failed"
fi

# Smoke test: the server starts as the non-root user and reports ready. A broken image is
# removed, so the next build does not mistake it for an up-to-date one.
smoke="perflab-postgres-smoke-$$"
smoke_failed() {
  docker logs "$smoke" >&2 2>&1 || true
  docker rm -f "$smoke" >/dev/null 2>&1 || true
  docker image rm "$IMAGE" >/dev/null 2>&1 || true
  die "$1; removed the image"
}
t0=$(date +%s%N)
docker run -d --name "$smoke" --network none "$IMAGE" >/dev/null || smoke_failed "the new image does not start"
ready_ms=""
for _ in $(seq 1 600); do
  if docker logs "$smoke" 2>&1 | grep -q "$READY_MESSAGE"; then ready_ms=$((($(date +%s%N) - t0) / 1000000)); break; fi
  [[ "$(docker inspect --format '{{.State.Running}}' "$smoke")" == true ]] || smoke_failed "the server exited"
  sleep 0.05
done
[[ -n "$ready_ms" ]] || smoke_failed "the server did not log '$READY_MESSAGE' within 30 s"
docker rm -f "$smoke" >/dev/null

# The replaced image is now untagged: remove it unless images built on it still need it.
remove_replaced_image "$previous_id" "$IMAGE"

size_mb=$(($(docker image inspect --format '{{.Size}}' "$IMAGE") / 1000000))
log "built $IMAGE (PostgreSQL $pg_version, $size_mb MB) in $((SECONDS - started)) s; ready $ready_ms ms after docker run"
