// Sockets inside another process's network namespace: a short-lived thread setns()es into
// /proc/PID/ns/net (setns affects only the calling thread), makes the socket and ends; the socket
// stays in that namespace. Needs CAP_SYS_ADMIN for a namespace other than ours.
#pragma once

#include <functional>
#include <string>

namespace dd::watch {

// "net:[4026531840]", or "" when the process is gone or unreadable.
std::string netns_of(int pid);

// Runs `fn` inside `pid`'s network namespace (on a short-lived thread; at once when that is ours);
// false when the namespace cannot be entered.
bool run_in_netns(int pid, const std::function<void()>& fn);

// The fd `make` returns when run inside `pid`'s network namespace (at once when that is ours);
// -1 when the namespace cannot be entered or `make` fails.
int socket_in_netns(int pid, const std::function<int()>& make);

}  // namespace dd::watch
