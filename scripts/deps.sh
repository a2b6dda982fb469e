#!/bin/sh
# Install the Debian packages the build and the tests need, if any is missing.
# As root: apt-get update, then apt-get install. Otherwise: print the command.
set -e
need=""
for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
        need="$need $pkg"
done
[ -z "$need" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "missing packages:$need" >&2
    echo "run: sudo apt-get update && sudo apt-get install -y$need" >&2
    exit 1
fi
echo "installing:$need" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq $need >/dev/null
