#!/bin/sh
# Regenerate the translation template locales/messages.pot from the sources (DESIGN.md §4), then bring any
# existing catalogs (locales/<lang>/LC_MESSAGES/lcr_audio.po) up to date with it.
# Run from anywhere: ./scripts/update_catalogs.sh   (needs Babel: pip install babel)
set -eu
cd "$(dirname "$0")/.."

pybabel extract -F babel.cfg -k pgettext:1c,2 -k npgettext:1c,2,3 -k ngettext:1,2 -k N_ -k Nn_:1,2 --add-comments=Translators: --add-location=file --sort-output -o locales/messages.pot .

for po in locales/*/LC_MESSAGES/lcr_audio.po; do
    [ -f "$po" ] || continue
    pybabel update -w 110 -i locales/messages.pot -d locales -D lcr_audio
    break
done
