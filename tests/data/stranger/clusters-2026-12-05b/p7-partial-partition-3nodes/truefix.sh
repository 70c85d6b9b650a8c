# NOT printed (the printed fix is advice: "put the nodes on a common network ... or allow TCP between them"): the manifest fix
host	bridge -n c3sw link set dev c3p10 isolated off; bridge -n c3sw link set dev c3p20 isolated off
