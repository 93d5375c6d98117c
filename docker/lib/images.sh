# Sourced by the image build scripts (base-image, postgres). Each image carries a fingerprint of
# its inputs as a label: a build whose fingerprint matches the image's is skipped, and an image
# a rebuild replaced is removed once nothing is built on it any more.

# The value of label $2 on image $1, or nothing if the image (or label) is absent.
image_label() {
  docker image inspect --format "{{ index .Config.Labels \"$2\" }}" "$1" 2>/dev/null || true
}

# The id of image $1, or nothing if it is absent.
image_id() {
  docker image inspect --format '{{.Id}}' "$1" 2>/dev/null || true
}

# Removes image id $1 if image $2 no longer is it (and no other image is built on it).
remove_replaced_image() {
  if [[ -n "$1" && "$1" != "$(image_id "$2")" ]]; then
    docker image rm "$1" >/dev/null 2>&1 || true
  fi
}
