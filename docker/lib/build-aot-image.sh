#!/usr/bin/env bash
# Builds an app's AOT-mode image (Dockerfile.aot) with a PostgreSQL reachable during training:
# the training run starts the real app, which migrates its schema and serves the users
# endpoints, so the JDK AOT cache also covers the data stack.
#
#   build-aot-image.sh POSTGRES_IMAGE DOCKER_BUILD_ARGUMENTS...
#
# A private network with a fresh container of POSTGRES_IMAGE (network alias "postgres") is
# created for this build only; the build's RUN steps join it (docker build --network). Both are
# removed when the build ends, however it ends; a killed build's leftovers carry the harness's
# owner label, so the next harness run sweeps them.
set -euo pipefail

[[ $# -ge 2 ]] || { echo "usage: $0 POSTGRES_IMAGE DOCKER_BUILD_ARGUMENTS..." >&2; exit 1; }
readonly POSTGRES_IMAGE="$1"; shift
readonly OWNER_LABEL="dev.perflab.harness=perflab"
readonly NAME="perflab-aot-training-$$-$RANDOM"
readonly READY_MESSAGE="database system is ready to accept connections"

log() { echo "[aot-image] $*"; }
die() { echo "[aot-image] ERROR: $*" >&2; exit 1; }

docker image inspect "$POSTGRES_IMAGE" >/dev/null 2>&1 \
  || die "image $POSTGRES_IMAGE not found: build it first (./mvnw -pl docker/postgres package)"

cleanup() {
  docker rm -f "$NAME" >/dev/null 2>&1 || true
  docker network rm "$NAME" >/dev/null 2>&1 || true
}
trap cleanup EXIT

docker network create --label "$OWNER_LABEL" "$NAME" >/dev/null
docker run -d --rm --name "$NAME" --label "$OWNER_LABEL" --network "$NAME" --network-alias postgres \
  "$POSTGRES_IMAGE" >/dev/null
for _ in $(seq 1 300); do
  docker logs "$NAME" 2>&1 | grep -q "$READY_MESSAGE" && break
  docker inspect "$NAME" >/dev/null 2>&1 || die "$POSTGRES_IMAGE exited before it was ready"
  sleep 0.1
done
docker logs "$NAME" 2>&1 | grep -q "$READY_MESSAGE" \
  || die "$POSTGRES_IMAGE not ready after 30 s: $(docker logs --tail 20 "$NAME" 2>&1)"
log "training database $POSTGRES_IMAGE ready on network $NAME"

# --force-rm: the legacy builder otherwise keeps a failed RUN step's container (a failed or
# interrupted training run), unlabelled, so no sweep would ever remove it.
DOCKER_BUILDKIT=0 docker build --force-rm --network "$NAME" "$@"
