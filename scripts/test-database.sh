# Sourced by the test scripts: the database the script tests share, one per schema version, so two
# checkouts of different schemas tested side by side (a CI run beside a working copy) never
# re-import each other's file from under a running test.
test_database=/tmp/eki-browser-test-schema$(sed -n 's/.*static let version = \([0-9][0-9]*\).*/\1/p' Sources/EkiStore/Schema.swift | head -1).sqlite
