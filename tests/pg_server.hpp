#pragma once
// A real PostgreSQL 15 for tests: initdb and pg_ctl in a temporary directory, reached over a
// Unix socket only (no TCP port). PostgreSQL refuses to run as root, so as root the server runs
// as the `postgres` account Debian's package creates (through runuser). Tests skip with the
// reason when the binaries are missing (apt-get install postgresql-15).

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace regreader::testing {

class PgServer {
 public:
  PgServer() {
    const char* env = std::getenv("REGREADER_TEST_PG_BIN");
    bin_ = env ? env : "/usr/lib/postgresql/15/bin";
    if (!std::filesystem::exists(bin_ / "initdb") || !std::filesystem::exists(bin_ / "pg_ctl")) {
      why_ = "PostgreSQL 15 is not installed (" + bin_.string() +
             "/initdb; apt-get install "
             "postgresql-15)";
      return;
    }
    root_ = ::geteuid() == 0;
    if (root_ && std::system("id postgres >/dev/null 2>&1") != 0) {
      why_ = "running as root and there is no postgres account to run the server as";
      return;
    }
    char tmpl[] = "/tmp/rr-pg-XXXXXX";
    if (!::mkdtemp(tmpl)) {
      why_ = "cannot make a temporary directory";
      return;
    }
    dir_ = tmpl;
    if (root_ && std::system(("chown postgres " + dir_.string()).c_str()) != 0) {
      why_ = "cannot give " + dir_.string() + " to postgres";
      return;
    }
    const std::string data = (dir_ / "data").string(), log = (dir_ / "log").string();
    if (run(bin_ / "initdb", "-D " + data +
                                 " -A trust -U postgres --no-sync -E UTF8 "
                                 "--locale=C.UTF-8 >" +
                                 log + " 2>&1") != 0) {
      why_ = "initdb failed: " + slurp(log);
      return;
    }
    const std::string opts = "-k " + dir_.string() +
                             " -c listen_addresses= -c fsync=off -c synchronous_commit=off "
                             "-c full_page_writes=off";
    if (run(bin_ / "pg_ctl", "-D " + data + " -l " + log + " -w -o \"" + opts + "\" start " +
                                 ">/dev/null 2>&1") != 0) {
      why_ = "the server did not start: " + slurp(log);
      return;
    }
    started_ = true;
  }
  ~PgServer() {
    if (started_)
      run(bin_ / "pg_ctl",
          "-D " + (dir_ / "data").string() + " -m immediate -w stop >/dev/null 2>&1");
    if (!dir_.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(dir_, ec);
    }
  }
  PgServer(const PgServer&) = delete;
  PgServer& operator=(const PgServer&) = delete;

  bool ok() const { return started_; }
  const std::string& why() const { return why_; }
  /// A libpq conninfo for database `db` over the socket.
  std::string conninfo(const std::string& db = "postgres") const {
    return "host=" + dir_.string() + " user=postgres dbname=" + db;
  }
  /// The same as a postgresql:// URL (what --store and Library take).
  std::string url(const std::string& db = "postgres") const {
    return "postgresql://postgres@/" + db + "?host=" + dir_.string();
  }
  /// Creates an empty database (each test its own).
  bool create_database(const std::string& db) const {
    return run(bin_ / "createdb",
               "-h " + dir_.string() + " -U postgres " + db + " >/dev/null 2>&1") == 0;
  }

 private:
  int run(const std::filesystem::path& exe, const std::string& args) const {
    const std::string cmd = exe.string() + " " + args;
    if (!root_) return std::system(cmd.c_str());
    return std::system(("runuser -u postgres -- sh -c '" + cmd + "'").c_str());
  }
  static std::string slurp(const std::string& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  std::filesystem::path bin_, dir_;
  std::string why_;
  bool root_ = false, started_ = false;
};

/// The one server of a test binary, started at the first call: every test file that needs
/// PostgreSQL creates its own databases in it.
inline PgServer& shared_server() {
  static PgServer server;
  return server;
}

}  // namespace regreader::testing
