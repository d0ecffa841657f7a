#include <gtest/gtest.h>
TEST(Dummy, Builds) {
  EXPECT_EQ(1, 1);
}
