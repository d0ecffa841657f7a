#pragma once
// One value kept for the key it was made from (a library's names, titles or chapter index, made
// for one store version): made again only when the key moved, shared by every thread.

#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace regreader {

template <typename T>
class KeyedCache {
 public:
  /// The value made for `key`: the one kept when the key has not moved, else `make()`'s (a `T`),
  /// kept for the next call. `make` runs outside the lock: two threads that find the key moved
  /// at once may both make it, and the later one is kept (both values are equal).
  template <typename Make>
  std::shared_ptr<const T> get(const std::string& key, Make&& make) {
    {
      std::lock_guard lock(mutex_);
      if (value_ && key == key_) return value_;
    }
    auto made = std::make_shared<const T>(std::forward<Make>(make)());
    std::lock_guard lock(mutex_);
    value_ = made;
    key_ = key;
    return made;
  }

 private:
  std::mutex mutex_;
  std::string key_;
  std::shared_ptr<const T> value_;
};

}  // namespace regreader
