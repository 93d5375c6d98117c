# Sourced by the image build scripts. Each image carries a fingerprint of its inputs as a label
# (base-image, postgres: a build whose fingerprint matches the image's is skipped) or is built
# with Docker's layer cache from reproducible inputs (the apps), and each build removes the
# project's own images it superseded or, failing, left behind.

# The value of label $2 on image $1, or nothing if the image (or label) is absent.
image_label() {
  docker image inspect --format "{{ index .Config.Labels \"$2\" }}" "$1" 2>/dev/null || true
}

# The id of image $1, or nothing if it is absent.
image_id() {
  docker image inspect --format '{{.Id}}' "$1" 2>/dev/null || true
}

# Removes image id $1, which tag $2 named before a build, if $2 now names another image and no
# other tag names $1 (a user's tag keeps it). docker image rm also removes the intermediate
# images only $1 needed, and refuses while a container or an image built on $1 still uses it:
# then $1 goes when that image is removed in turn.
remove_replaced_image() {
  [[ -n "$1" && "$1" != "$(image_id "$2")" ]] || return 0
  [[ "$(docker image inspect --format '{{len .RepoTags}}' "$1" 2>/dev/null)" == 0 ]] || return 0
  docker image rm "$1" >/dev/null 2>&1 || true
}

# The project's dangling images (untagged, and no image is built on them) that are built on its
# base image, whose fingerprint label they inherit: what a failed build of an app image leaves
# (the image of its last step that succeeded), never an image of someone else's. Sorted ids.
base_dangling_images() {
  docker images --quiet --no-trunc --filter dangling=true --filter label=dev.perflab.base.fingerprint | sort
}

# Removes the images base_dangling_images lists now but did not list in $1 (its output before
# the build), with the intermediate images only they needed.
remove_new_dangling_images() {
  local leftover
  leftover="$(comm -13 <(printf '%s\n' "$1") <(base_dangling_images))"
  [[ -z "$leftover" ]] || xargs docker image rm <<<"$leftover" >/dev/null 2>&1 || true
}
