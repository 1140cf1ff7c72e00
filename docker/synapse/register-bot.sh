#!/bin/sh
# One-shot (compose service matrix-register): registers Quorra's bot account on Synapse once and writes its access
# token to the bot-token volume, where Quorra reads it (MATRIX_ACCESS_TOKEN_FILE). A second run changes nothing.
set -eu
token_file=/run/quorra-bot/access-token
secret_file=/run/quorra-bot/registration-shared-secret
# Synapse's registration secret, for Quorra to create family members' accounts (the People page); every start, so
# an existing install gets it too. Readable by Quorra's user only.
python3 - "$secret_file" <<'PY'
import os, sys, yaml
path = sys.argv[1]
secret = (yaml.safe_load(open("/data/homeserver.yaml")) or {}).get("registration_shared_secret")
if not secret:
    print("homeserver.yaml has no registration_shared_secret; adding a person will ask for their Matrix ID")
    sys.exit(0)
with open(path + ".tmp", "w") as f:
    f.write(secret)
os.chown(path + ".tmp", 1000, 1000)
os.chmod(path + ".tmp", 0o600)
os.replace(path + ".tmp", path)
print("registration secret handed to Quorra")
PY
if [ -s "$token_file" ]; then
  echo "bot token already present; nothing to do"
  exit 0
fi
# the shared secret comes from homeserver.yaml; an existing account is fine (we only need to log in)
register_new_matrix_user -c /data/homeserver.yaml -u "$BOT_LOCALPART" -p "$BOT_PASSWORD" --no-admin \
  http://synapse:8008 || echo "registration refused (the account probably exists); logging in"
python3 - "$token_file" <<'PY'
import json, os, sys, urllib.request
path = sys.argv[1]
body = json.dumps({
    "type": "m.login.password",
    "identifier": {"type": "m.id.user", "user": os.environ["BOT_LOCALPART"]},
    "password": os.environ["BOT_PASSWORD"],
    "initial_device_display_name": "Quorra",
}).encode()
req = urllib.request.Request("http://synapse:8008/_matrix/client/v3/login", data=body,
                             headers={"Content-Type": "application/json"})
token = json.load(urllib.request.urlopen(req))["access_token"]
with open(path + ".tmp", "w") as f:
    f.write(token)
os.chown(path + ".tmp", 1000, 1000)  # the node user Quorra's image runs as
os.chmod(path + ".tmp", 0o600)
os.replace(path + ".tmp", path)
print("bot token written")
PY
