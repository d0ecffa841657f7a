// A value kept per key: made once while the key stays, made again when it moves, and shared
// safely by threads that ask at once.

#include "regreader/core/keyed_cache.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace regreader {
namespace keyed_cache_test {

TEST(KeyedCache, MakesOncePerKey) {
  KeyedCache<std::string> cache;
  int made = 0;
  auto make = [&] {
    ++made;
    return std::string("value ") + std::to_string(made);
  };
  const auto first = cache.get("v1", make);
  const auto again = cache.get("v1", make);
  EXPECT_EQ(made, 1);
  EXPECT_EQ(first.get(), again.get());
  EXPECT_EQ(*first, "value 1");

  const auto moved = cache.get("v2", make);
  EXPECT_EQ(made, 2);
  EXPECT_EQ(*moved, "value 2");
  EXPECT_EQ(*first, "value 1");  // a value handed out stays valid after the key moved
}

TEST(KeyedCache, AnEarlierKeyIsMadeAgain) {
  KeyedCache<int> cache;
  int made = 0;
  auto make = [&] { return ++made; };
  cache.get("a", make);
  cache.get("b", make);
  EXPECT_EQ(*cache.get("a", make), 3);  // one value is kept, not one per key ever seen
}

TEST(KeyedCache, ThreadsShareTheKeptValue) {
  KeyedCache<std::vector<int>> cache;
  std::atomic<int> made{0};
  auto make = [&] {
    ++made;
    return std::vector<int>(1000, 7);
  };
  cache.get("k", make);
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i)
        if (cache.get("k", make)->size() != 1000) ++wrong;
    });
  for (auto& thread : threads)
    thread.join();
  EXPECT_EQ(made.load(), 1);
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace keyed_cache_test
}  // namespace regreader
