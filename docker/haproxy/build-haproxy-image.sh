#!/usr/bin/env bash
# Builds the load balancer image a container set runs in front of its replicas, FROM scratch,
# without any registry: Debian's haproxy and the shared libraries it links, no shell, no package
# manager.
#
#   build-haproxy-image.sh IMAGE WORK_DIR
#
#   IMAGE      image name, normally perflab/haproxy:2.6 (parent POM property perflab.haproxy.image)
#   WORK_DIR   scratch directory for downloads, the rootfs and the build context
#
# The image has no configuration: the harness writes one per set and copies it to
# /usr/local/etc/haproxy/haproxy.cfg (the path Docker Hub's haproxy image reads too) before the
# start; haproxy runs in the foreground (-db) as user haproxy (65532), so it binds ports above 1024.
#
# The libraries are derived, not listed: haproxy's Depends and theirs, as far as they are shared
# library packages (lib*), are downloaded and unpacked, and the dynamic loader's own account of
# what the binary links decides which files are copied. Each must come from one of those
# packages; a library they do not provide stops the build.
#
# Idempotent: a fingerprint of the inputs (this script, images.sh, the candidate versions of haproxy
# and of every package it links from) is stored as an image label; if the image already carries the
# same fingerprint, nothing is done.
set -euo pipefail

# shellcheck source=../lib/images.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/images.sh"

[[ $# -eq 2 ]] || { echo "usage: $0 IMAGE WORK_DIR" >&2; exit 1; }
readonly IMAGE="$1" WORK_DIR="$2"
readonly PACKAGE=haproxy
readonly BINARY=/usr/sbin/haproxy
readonly CONFIG=/usr/local/etc/haproxy/haproxy.cfg
readonly UID_GID=65532
readonly FINGERPRINT_LABEL="dev.perflab.haproxy.fingerprint"
readonly VERSION_LABEL="dev.perflab.haproxy.version"

log() { echo "[haproxy-image] $*"; }
die() { echo "[haproxy-image] ERROR: $*" >&2; exit 1; }

command -v docker >/dev/null || die "docker not found on PATH: install the Docker CLI and start an engine"
command -v apt-get >/dev/null && command -v dpkg >/dev/null \
  || die "apt-get/dpkg not found: the image is built from Debian packages on a Debian host"

# --- Up to date? ---------------------------------------------------------------------------
candidates_of() {
  apt-cache show --no-all-versions "$@" 2>/dev/null | awk '/^Package: /{p=$2} /^Version: /{print p, $2}' || true
}
apt_update() {
  [[ $EUID -eq 0 ]] || die "$1, and refreshing the package lists needs root: run 'sudo apt-get update' once, then rebuild"
  log "$1; running apt-get update once"
  apt-get update -q >/dev/null
}
# The shared-library packages among the (Pre-)Depends of packages $@ (the first of each alternative,
# version constraints dropped), and gcc-N-base, which holds the copyright libgcc-s1 and libstdc++6
# point at. adduser, lsb-base and the like serve maintainer scripts, which never run here.
library_depends_of() {
  apt-cache show --no-all-versions "$@" 2>/dev/null \
    | awk -F': ' '/^(Pre-)?Depends: /{print $2}' | tr ',' '\n' \
    | sed -e 's/|.*//' -e 's/(.*)//' -e 's/:any//' -e 's/[[:space:]]//g' | grep -E '^(lib|gcc-[0-9]+-base$)' \
    | sort -u || true
}
# haproxy and every library package it needs, directly or through another: sorted, one per line.
package_closure() {
  local packages="$PACKAGE" next
  while true; do
    next="$(printf '%s\n' $packages $(library_depends_of $packages) | sort -u)"
    [[ "$next" == "$packages" ]] && break
    packages="$next"
  done
  echo "$packages"
}
version="$(candidates_of "$PACKAGE" | awk '{print $2; exit}')"
if [[ -z "$version" ]]; then
  apt_update "no candidate for $PACKAGE in the package lists"
  version="$(candidates_of "$PACKAGE" | awk '{print $2; exit}')"
  [[ -n "$version" ]] || die "Debian has no package $PACKAGE (Debian 12 has 2.6.12)"
fi
readonly version
mapfile -t packages < <(package_closure)
readonly packages

fingerprint="$(
  {
    cat "${BASH_SOURCE[0]}" "$(dirname "${BASH_SOURCE[0]}")/../lib/images.sh"
    printf 'image %s\n' "$IMAGE"
    candidates_of "${packages[@]}"
  } | sha256sum | cut -d' ' -f1
)"
readonly fingerprint
current="$(image_label "$IMAGE" "$FINGERPRINT_LABEL")"
if [[ "$current" == "$fingerprint" ]]; then
  echo "haproxy image $IMAGE is up to date"
  exit 0
fi

started=$SECONDS
previous_id="$(image_id "$IMAGE")"
log "building $IMAGE from $PACKAGE $version (fingerprint ${fingerprint:0:12}; image had: ${current:0:12})"
log "packages: ${packages[*]}"
readonly DEBS="$WORK_DIR/debs" POOL="$WORK_DIR/pool" ROOTFS="$WORK_DIR/rootfs" CONTEXT="$WORK_DIR/context"
rm -rf "$WORK_DIR"
mkdir -p "$DEBS" "$POOL" "$ROOTFS" "$CONTEXT"

# --- 1. The packages, each unpacked apart so every library file names its package -------------
download() {
  (cd "$DEBS" && apt-get download -q -o APT::Sandbox::User=root "$@" >/dev/null)
}
download "${packages[@]}" || { apt_update "apt-get download failed"; download "${packages[@]}" \
  || die "apt-get download ${packages[*]} failed"; }
for deb in "$DEBS"/*.deb; do dpkg -x "$deb" "$POOL/$(dpkg-deb --field "$deb" Package)"; done
[[ -x "$POOL/$PACKAGE$BINARY" ]] || die "$PACKAGE has no $BINARY"

# --- 2. What the binary links, resolved inside the unpacked packages only ---------------------
loader="$(find "$POOL/libc6" -path '*/lib64/ld-linux-x86-64.so.2' | head -n1)"
[[ -n "$loader" ]] || die "libc6 has no x86-64 dynamic loader"
library_path="$(find "$POOL" -name '*.so*' \( -type f -o -type l \) -printf '%h\n' | sort -u | paste -sd:)"
listing="$("$loader" --library-path "$library_path" --list "$POOL/$PACKAGE$BINARY" 2>&1)" || die "ld.so --list: $listing"
libraries=()
while read -r soname arrow path _; do
  [[ "$arrow" == "=>" ]] || continue
  [[ "$path" == "$POOL/"*/* ]] || die "$BINARY links $soname, which none of ${packages[*]} provides ($path): the package changed"
  libraries+=("${path#"$POOL/"}")
done <<<"$listing"
log "$BINARY links ${#libraries[@]} libraries: ${libraries[*]}"

# --- 3. The rootfs -------------------------------------------------------------------------
install -d "$ROOTFS/usr/sbin" "$ROOTFS/lib64" "$ROOTFS/etc" "$ROOTFS$(dirname "$CONFIG")"
cp -a "$POOL/$PACKAGE$BINARY" "$ROOTFS/usr/sbin/"
cp -aL "$loader" "$ROOTFS/lib64/ld-linux-x86-64.so.2"
used_packages=("$PACKAGE" libc6)
for library in "${libraries[@]}"; do
  owner="${library%%/*}" file="/${library#*/}"
  install -d "$ROOTFS$(dirname "$file")"
  cp -aL "$POOL/$owner$file" "$ROOTFS$file"
  used_packages+=("$owner")
done
# Each package's copyright; a package whose doc directory is a link to another's keeps the link.
for owner in $(printf '%s\n' "${used_packages[@]}" | sort -u); do
  doc="usr/share/doc/$owner"
  install -d "$ROOTFS/usr/share/doc"
  if [[ -L "$POOL/$owner/$doc" ]]; then
    cp -a "$POOL/$owner/$doc" "$ROOTFS/$doc"
    target="$(basename "$(readlink "$POOL/$owner/$doc")")"
    doc="usr/share/doc/$target" owner="$target"
  fi
  install -d "$ROOTFS/$doc"
  cp -a "$POOL/$owner/$doc/copyright" "$ROOTFS/$doc/" || die "no copyright for $owner in $POOL/$owner/$doc"
done
cat > "$ROOTFS/etc/passwd" <<PASSWD
root:x:0:0:root:/root:/sbin/nologin
haproxy:x:$UID_GID:$UID_GID:haproxy:/var/lib/haproxy:/sbin/nologin
PASSWD
cat > "$ROOTFS/etc/group" <<GROUP
root:x:0:
haproxy:x:$UID_GID:
GROUP
install -d -m 1777 "$ROOTFS/tmp"
install -d -m 0755 -o "$UID_GID" -g "$UID_GID" "$ROOTFS/var/lib/haproxy"
[[ ! -e "$ROOTFS/bin/sh" && ! -e "$ROOTFS/usr/bin/sh" ]] || die "a shell got into the rootfs"
tar --numeric-owner --sort=name -C "$ROOTFS" -cf "$CONTEXT/rootfs.tar" .

# --- 4. The image --------------------------------------------------------------------------
cat > "$CONTEXT/Dockerfile" <<DOCKERFILE
# Generated by docker/haproxy/build-haproxy-image.sh: do not edit.
FROM scratch
ADD rootfs.tar /
USER $UID_GID:$UID_GID
WORKDIR /var/lib/haproxy
ENTRYPOINT ["$BINARY"]
CMD ["-f", "$CONFIG", "-db"]
LABEL $FINGERPRINT_LABEL="$fingerprint" $VERSION_LABEL="$version" org.opencontainers.image.title="perflab haproxy" org.opencontainers.image.description="HAProxy $version from Debian's $PACKAGE, FROM scratch, no shell: runs $CONFIG, given at run time, in the foreground"
DOCKERFILE
build_output="$(DOCKER_BUILDKIT=0 docker build --quiet --tag "$IMAGE" "$CONTEXT" 2>&1)" \
  || { echo "$build_output" >&2; die "docker build of $IMAGE failed"; }

# Smoke test: as the non-root user, every library loads and a configuration that listens and checks a
# server is valid (-c parses it and sets up everything but the sockets). A broken image is removed, so
# the next build does not mistake it for an up-to-date one.
smoke="perflab-haproxy-smoke-$$"
smoke_failed() {
  docker rm -f "$smoke" >/dev/null 2>&1 || true
  docker image rm "$IMAGE" >/dev/null 2>&1 || true
  die "$1; removed the image"
}
cat > "$WORK_DIR/smoke.cfg" <<'SMOKE'
global
  log stdout format raw daemon
defaults
  mode http
  log global
  timeout connect 1s
  timeout client 1s
  timeout server 1s
frontend edge
  bind :8080
  default_backend be_app
backend be_app
  option httpchk GET /health
  server app-1 127.0.0.1:8081 check inter 1s
SMOKE
docker create --name "$smoke" --label dev.perflab.owner=perflab --network none "$IMAGE" -c -f "$CONFIG" >/dev/null \
  || smoke_failed "the new image cannot be created"
docker cp "$WORK_DIR/smoke.cfg" "$smoke:$CONFIG" >/dev/null || smoke_failed "cannot copy a configuration into it"
smoke_output="$(docker start --attach "$smoke" 2>&1)" || smoke_failed "haproxy -c refused a valid configuration: $smoke_output"
docker rm -f "$smoke" >/dev/null

remove_replaced_image "$previous_id" "$IMAGE"
size_mb=$(($(docker image inspect --format '{{.Size}}' "$IMAGE") / 1000000))
log "built $IMAGE (haproxy $version, $size_mb MB) in $((SECONDS - started)) s"
