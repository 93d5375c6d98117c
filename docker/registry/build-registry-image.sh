#!/usr/bin/env bash
# Builds the local registry image the cold-start experiment pulls from, FROM scratch, without any
# registry: Debian's docker-registry (the CNCF distribution registry, a Go program) and the C
# library it links, no shell, no package manager.
#
#   build-registry-image.sh IMAGE WORK_DIR
#
#   IMAGE      image name, normally perflab/registry:2 (parent POM property perflab.registry.image)
#   WORK_DIR   scratch directory for downloads, the rootfs and the build context
#
# The registry listens on :5000 over plain HTTP (an engine pulls from 127.0.0.1:<port> without TLS:
# Docker treats 127.0.0.0/8 as an insecure registry by default), stores blobs under
# /var/lib/registry and allows deletes (a pulled image's blobs can be dropped between runs). It runs
# as user registry (65532). Ready when it logs "listening on".
#
# Idempotent: a fingerprint of the inputs (this script, images.sh, the candidate versions of
# docker-registry and libc6) is stored as an image label; if the image already carries the same
# fingerprint, nothing is done.
set -euo pipefail

# shellcheck source=../lib/images.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/images.sh"

[[ $# -eq 2 ]] || { echo "usage: $0 IMAGE WORK_DIR" >&2; exit 1; }
readonly IMAGE="$1" WORK_DIR="$2"
readonly PACKAGE=docker-registry
readonly BINARY=/usr/bin/docker-registry
readonly UID_GID=65532
readonly FINGERPRINT_LABEL="dev.perflab.registry.fingerprint"
readonly VERSION_LABEL="dev.perflab.registry.version"
readonly READY_MESSAGE="listening on"

log() { echo "[registry-image] $*"; }
die() { echo "[registry-image] ERROR: $*" >&2; exit 1; }

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
version="$(candidates_of "$PACKAGE" | awk '{print $2; exit}')"
if [[ -z "$version" ]]; then
  apt_update "no candidate for $PACKAGE in the package lists"
  version="$(candidates_of "$PACKAGE" | awk '{print $2; exit}')"
  [[ -n "$version" ]] || die "Debian has no package $PACKAGE (Debian 12 has 2.8.2)"
fi
readonly version

fingerprint="$(
  {
    cat "${BASH_SOURCE[0]}" "$(dirname "${BASH_SOURCE[0]}")/../lib/images.sh"
    printf 'image %s\n' "$IMAGE"
    candidates_of "$PACKAGE" libc6
  } | sha256sum | cut -d' ' -f1
)"
readonly fingerprint
current="$(image_label "$IMAGE" "$FINGERPRINT_LABEL")"
if [[ "$current" == "$fingerprint" ]]; then
  echo "registry image $IMAGE is up to date"
  exit 0
fi

started=$SECONDS
previous_id="$(image_id "$IMAGE")"
log "building $IMAGE from $PACKAGE $version (fingerprint ${fingerprint:0:12}; image had: ${current:0:12})"
readonly DEBS="$WORK_DIR/debs" POOL="$WORK_DIR/pool" ROOTFS="$WORK_DIR/rootfs" CONTEXT="$WORK_DIR/context"
rm -rf "$WORK_DIR"
mkdir -p "$DEBS" "$POOL" "$ROOTFS" "$CONTEXT"

# --- 1. The packages: the registry and the C library -------------------------------------------
download() {
  (cd "$DEBS" && apt-get download -q -o APT::Sandbox::User=root "$@" >/dev/null)
}
download "$PACKAGE" libc6 || { apt_update "apt-get download failed"; download "$PACKAGE" libc6 || die "apt-get download $PACKAGE libc6 failed"; }
for deb in "$DEBS"/*.deb; do dpkg -x "$deb" "$POOL/$(dpkg-deb --field "$deb" Package)"; done
[[ -x "$POOL/$PACKAGE$BINARY" ]] || die "$PACKAGE has no $BINARY"

# --- 2. What the binary links: every library must come from libc6 ------------------------------
loader="$(find "$POOL/libc6" -path '*/lib64/ld-linux-x86-64.so.2' | head -n1)"
[[ -n "$loader" ]] || die "libc6 has no x86-64 dynamic loader"
lib_dir="$(dirname "$(find "$POOL/libc6" -name 'libc.so.6' | head -n1)")"
listing="$("$loader" --library-path "$lib_dir" --list "$POOL/$PACKAGE$BINARY" 2>&1)" || die "ld.so --list: $listing"
libraries=()
while read -r soname arrow path _; do
  [[ "$arrow" == "=>" ]] || continue
  [[ "$path" == "$POOL/libc6/"* ]] || die "$BINARY links $soname, which libc6 does not provide ($path): the package changed"
  libraries+=("${path#"$POOL/libc6"}")
done <<<"$listing"
log "$BINARY links: ${libraries[*]:-nothing beyond the loader}"

# --- 3. The rootfs -------------------------------------------------------------------------
install -d "$ROOTFS/usr/bin" "$ROOTFS/lib64" "$ROOTFS/etc/registry" "$ROOTFS/usr/share/doc/$PACKAGE" \
  "$ROOTFS/usr/share/doc/libc6"
cp -a "$POOL/$PACKAGE$BINARY" "$ROOTFS/usr/bin/"
cp -aL "$loader" "$ROOTFS/lib64/ld-linux-x86-64.so.2"
for library in "${libraries[@]}"; do
  install -d "$ROOTFS$(dirname "$library")"
  cp -aL "$POOL/libc6$library" "$ROOTFS$library"
done
cp -a "$POOL/$PACKAGE/usr/share/doc/$PACKAGE/copyright" "$ROOTFS/usr/share/doc/$PACKAGE/"
cp -a "$POOL/libc6/usr/share/doc/libc6/copyright" "$ROOTFS/usr/share/doc/libc6/"
cat > "$ROOTFS/etc/registry/config.yml" <<'CONFIG'
# perflab's local registry: plain HTTP on :5000, blobs on the container's own disk, deletes allowed.
version: 0.1
log:
  level: info
storage:
  filesystem:
    rootdirectory: /var/lib/registry
  delete:
    enabled: true
http:
  addr: :5000
CONFIG
cat > "$ROOTFS/etc/passwd" <<PASSWD
root:x:0:0:root:/root:/sbin/nologin
registry:x:$UID_GID:$UID_GID:registry:/var/lib/registry:/sbin/nologin
PASSWD
cat > "$ROOTFS/etc/group" <<GROUP
root:x:0:
registry:x:$UID_GID:
GROUP
install -d -m 1777 "$ROOTFS/tmp"
install -d -m 0755 -o "$UID_GID" -g "$UID_GID" "$ROOTFS/var/lib/registry"
[[ ! -e "$ROOTFS/bin/sh" && ! -e "$ROOTFS/usr/bin/sh" ]] || die "a shell got into the rootfs"
tar --numeric-owner --sort=name -C "$ROOTFS" -cf "$CONTEXT/rootfs.tar" .

# --- 4. The image --------------------------------------------------------------------------
cat > "$CONTEXT/Dockerfile" <<DOCKERFILE
# Generated by docker/registry/build-registry-image.sh: do not edit.
FROM scratch
ADD rootfs.tar /
USER $UID_GID:$UID_GID
WORKDIR /var/lib/registry
EXPOSE 5000
ENTRYPOINT ["$BINARY", "serve", "/etc/registry/config.yml"]
LABEL $FINGERPRINT_LABEL="$fingerprint" $VERSION_LABEL="$version" org.opencontainers.image.title="perflab registry" org.opencontainers.image.description="The distribution registry $version from Debian's $PACKAGE, FROM scratch, no shell: plain HTTP on :5000, deletes allowed"
DOCKERFILE
build_output="$(DOCKER_BUILDKIT=0 docker build --quiet --tag "$IMAGE" "$CONTEXT" 2>&1)" \
  || { echo "$build_output" >&2; die "docker build of $IMAGE failed"; }

# Smoke test: it starts as the non-root user and listens. A broken image is removed, so the next
# build does not mistake it for an up-to-date one.
smoke="perflab-registry-smoke-$$"
smoke_failed() {
  docker logs "$smoke" >&2 2>&1 || true
  docker rm -f "$smoke" >/dev/null 2>&1 || true
  docker image rm "$IMAGE" >/dev/null 2>&1 || true
  die "$1; removed the image"
}
docker run -d --name "$smoke" --label dev.perflab.owner=perflab --network none "$IMAGE" >/dev/null \
  || smoke_failed "the new image does not start"
ready=false
for _ in $(seq 1 200); do
  if docker logs "$smoke" 2>&1 | grep -q "$READY_MESSAGE"; then ready=true; break; fi
  [[ "$(docker inspect --format '{{.State.Running}}' "$smoke")" == true ]] || smoke_failed "the registry exited"
  sleep 0.05
done
[[ "$ready" == true ]] || smoke_failed "the registry did not log '$READY_MESSAGE' within 10 s"
docker rm -f "$smoke" >/dev/null

remove_replaced_image "$previous_id" "$IMAGE"
size_mb=$(($(docker image inspect --format '{{.Size}}' "$IMAGE") / 1000000))
log "built $IMAGE (registry $version, $size_mb MB) in $((SECONDS - started)) s"
