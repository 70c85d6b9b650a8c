import json
import os

os.environ["TF_CONFIG"] = json.dumps({
    "cluster": {"worker": ["localhost:12345", "10.0.0.2:12345"]},
    "task": {"type": "worker", "index": 0},
})
