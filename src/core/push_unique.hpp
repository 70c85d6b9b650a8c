// Appending to a list that keeps its first-seen order and holds each value once.
#pragma once

#include <algorithm>
#include <vector>

namespace dd::core {

// Appends `value` unless `list` holds it already; whether it was appended.
template <class T, class U>
bool push_unique(std::vector<T>& list, const U& value) {
  if (std::find(list.begin(), list.end(), value) != list.end()) return false;
  list.push_back(value);
  return true;
}

}  // namespace dd::core
