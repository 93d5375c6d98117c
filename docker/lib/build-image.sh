#!/usr/bin/env bash
# Builds one of the project's images (the parent POM's jvm-image and native-image executions)
# and removes the image it superseded, so repeated builds leave no dangling images behind.
#
#   build-image.sh TAG DOCKER_BUILD_ARGUMENTS...
#
# Unchanged inputs (reproducible jars) give the same image from Docker's layer cache: nothing
# is removed then. A changed one gets a new image; the one TAG named before is removed with the
# intermediate images only it needed (see images.sh). Docker's cache stays intact: it lives in
# the images the new build made or reused. A failed build removes the images it left.
#
# The image TAG names is a cache source too (--cache-from): a cold-start run removes an image and
# pulls it back from its registry, which keeps its ID but not the intermediate images the local
# cache walks, and a rebuild from them would give the same files a new image ID (the layer records
# the files' modification times) and so end every resumable series measured on the old one.
set -euo pipefail

# shellcheck source=images.sh
source "$(dirname "${BASH_SOURCE[0]}")/images.sh"

[[ $# -ge 2 ]] || { echo "usage: $0 TAG DOCKER_BUILD_ARGUMENTS..." >&2; exit 1; }
readonly TAG="$1"; shift

previous_id="$(image_id "$TAG")"
dangling_before="$(base_dangling_images)"
# The legacy builder uses local base images without a pull; --force-rm: a failed step leaves
# no container behind, and a failed build none of its images.
if ! DOCKER_BUILDKIT=0 docker build --force-rm ${previous_id:+--cache-from "$TAG"} "$@" --tag "$TAG"; then
  remove_new_dangling_images "$dangling_before"
  exit 1
fi
remove_replaced_image "$previous_id" "$TAG"
