#!/usr/bin/env bash
# Builds an app's AOT-mode image (Dockerfile.aot) with a PostgreSQL reachable during training:
# the training run starts the real app, which migrates its schema and serves the users
# endpoints, so the JDK AOT cache also covers the data stack.
#
#   build-aot-image.sh POSTGRES_IMAGE TAG DOCKER_BUILD_ARGUMENTS...
#
# A private network with a fresh container of POSTGRES_IMAGE (network alias "postgres") is
# created for this build only; the build's RUN steps join it (docker build --network). Both are
# removed when the build ends, however it ends; a killed build's leftovers carry the harness's
# owner label, so the next harness run sweeps them.
#
# The training stage is built first and tagged TAG-training, then the image itself, which finds
# every step up to the training in Docker's cache. The tag keeps the training stage, which the
# final image only copies from, from becoming a dangling image, and keeps it as the cache that
# lets a build with unchanged inputs skip the training; the image itself is rebuilt only when the
# training stage, the Dockerfile or the arguments changed (a fingerprint label). The images TAG
# and TAG-training named before are removed once superseded (images.sh); the training stage is
# the builds' cache source (build-image.sh says why).
set -euo pipefail

# shellcheck source=images.sh
source "$(dirname "${BASH_SOURCE[0]}")/images.sh"

[[ $# -ge 3 ]] || { echo "usage: $0 POSTGRES_IMAGE TAG DOCKER_BUILD_ARGUMENTS..." >&2; exit 1; }
readonly POSTGRES_IMAGE="$1" TAG="$2"; shift 2
readonly TRAINING_TAG="$TAG-training"
readonly OWNER_LABEL="dev.perflab.harness=perflab"
readonly FINGERPRINT_LABEL="dev.perflab.aot.fingerprint"
readonly NAME="perflab-aot-training-$$-$RANDOM"
readonly READY_MESSAGE="database system is ready to accept connections"

log() { echo "[aot-image] $*"; }
die() { echo "[aot-image] ERROR: $*" >&2; exit 1; }

docker image inspect "$POSTGRES_IMAGE" >/dev/null 2>&1 \
  || die "image $POSTGRES_IMAGE not found: build it first (./mvnw -pl docker/postgres package)"

dangling_before="$(base_dangling_images)"
cleanup() {
  local status=$?
  docker rm -f "$NAME" >/dev/null 2>&1 || true
  docker network rm "$NAME" >/dev/null 2>&1 || true
  # A failed build leaves none of its images behind (the image of its last step that succeeded).
  ((status == 0)) || remove_new_dangling_images "$dangling_before"
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

previous_id="$(image_id "$TAG")"
previous_training_id="$(image_id "$TRAINING_TAG")"
# --force-rm: the legacy builder otherwise keeps a failed RUN step's container (a failed or
# interrupted training run), unlabelled, so no sweep would ever remove it.
DOCKER_BUILDKIT=0 docker build --force-rm --network "$NAME" ${previous_training_id:+--cache-from "$TRAINING_TAG"} "$@" \
  --target training --label dev.perflab.stage=aot-training --tag "$TRAINING_TAG"

# The image's inputs: the training stage (its ID covers the app's files, the base image, the
# trainer and the training run), the Dockerfile (the final stage's steps: every Dockerfile.aot's
# final stage copies from the training stage only) and this build's other arguments: not the
# Dockerfile's path nor the context directory's, so that a clone elsewhere finds the same image.
# Unchanged, the image stays: rebuilt, its steps would find the training stage in the cache but
# not, when the images came back from a registry, its own (Docker's cache follows one source
# image), and would get a new ID.
dockerfile=""
settings=()
for ((i = 1; i <= $#; i++)); do
  if [[ "${!i}" == "--file" && $i -lt $# ]]; then
    i=$((i + 1))
    dockerfile="${!i}"
  elif [[ ! -d "${!i}" ]]; then
    settings+=("${!i}")
  fi
done
[[ -f "$dockerfile" ]] || die "no --file DOCKERFILE among the build arguments"
fingerprint="$(
  { image_id "$TRAINING_TAG"; cat "$dockerfile"; printf '%s\n' "${settings[@]}"; } | sha256sum | cut -d' ' -f1
)"
if [[ "$(image_label "$TAG" "$FINGERPRINT_LABEL")" == "$fingerprint" ]]; then
  log "training stage $TRAINING_TAG unchanged; the image $TAG is up to date"
else
  # From the training stage just built or found (also after --no-cache=true there), so the
  # training runs once per build.
  log "training stage $TRAINING_TAG built; now the image $TAG"
  DOCKER_BUILDKIT=0 docker build --force-rm --network "$NAME" --cache-from "$TRAINING_TAG" "$@" \
    --no-cache=false --label "$FINGERPRINT_LABEL=$fingerprint" --tag "$TAG"
fi
remove_replaced_image "$previous_id" "$TAG"
remove_replaced_image "$previous_training_id" "$TRAINING_TAG"
