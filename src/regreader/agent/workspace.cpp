#include "regreader/agent/workspace.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "regreader/agent/citations.hpp"
#include "regreader/core/error.hpp"

namespace regreader::agent {

namespace fs = std::filesystem;

namespace {

fs::path make_temp_dir() {
  std::string tmpl = (fs::temp_directory_path() / "regreader-run-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) throw Error(ErrorCode::kIo, "cannot create a run workspace");
  return tmpl;
}

// A relative path that stays inside the workspace ("a/../b" is normalised; "..", absolute paths
// and anything climbing out are not).
bool inside(const fs::path& rel) {
  if (rel.is_absolute() || rel.empty()) return false;
  const fs::path n = rel.lexically_normal();
  return !n.empty() && *n.begin() != "..";
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Thread-safe appending sink for the workspace's events.jsonl.
class LockedJsonlSink : public EventSink {
 public:
  explicit LockedJsonlSink(const fs::path& p) : sink_(p) {}
  void write(const nlohmann::json& e) override {
    std::lock_guard lock(m_);
    sink_.write(e);
  }

 private:
  std::mutex m_;
  JsonlEventSink sink_;
};

}  // namespace

Workspace::Workspace(fs::path dir, bool keep) : keep_(keep || !dir.empty()) {
  if (dir.empty()) {
    root_ = make_temp_dir();
  } else {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec)
      throw Error(ErrorCode::kIo, "cannot create workspace " + dir.string() + ": " + ec.message());
    root_ = fs::absolute(dir);
  }
  events_ = std::make_unique<LockedJsonlSink>(root_ / "events.jsonl");
}

Workspace::~Workspace() {
  events_.reset();
  if (!keep_) {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
}

void Workspace::grant(const std::string& agent, Permission p) {
  std::lock_guard lock(mutex_);
  permissions_[agent] = std::move(p);
}

const Permission* Workspace::permission(const std::string& agent) const {
  std::lock_guard lock(mutex_);
  auto it = permissions_.find(agent);
  return it == permissions_.end() ? nullptr : &it->second;
}

bool Workspace::allowed(const std::vector<fs::path>& folders, const fs::path& rel) const {
  const fs::path n = rel.lexically_normal();
  for (const auto& f : folders) {
    const fs::path base = f.lexically_normal();
    if (base == ".") return true;
    auto b = base.begin();
    auto r = n.begin();
    for (; b != base.end() && r != n.end() && *b == *r; ++b, ++r) {
    }
    if (b == base.end()) return true;
  }
  return false;
}

void Workspace::refuse(const std::string& agent, const fs::path& rel, const char* mode,
                       const std::string& reason) const {
  EventLog log(events_.get(), agent, "workspace");
  log.file_access_rejected(rel.string(), mode, reason);
  throw Error(ErrorCode::kInvalidArgument,
              agent + " may not " + mode + " " + rel.string() + ": " + reason);
}

void Workspace::write(const std::string& agent, const fs::path& rel, const std::string& text) {
  const Permission* p = permission(agent);
  if (!inside(rel)) refuse(agent, rel, "write", "outside the workspace");
  if (!p || !allowed(p->writable, rel)) refuse(agent, rel, "write", "not in its writable folders");
  const fs::path full = root_ / rel.lexically_normal();
  fs::create_directories(full.parent_path());
  std::ofstream out(full, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw Error(ErrorCode::kIo, "cannot write " + full.string());
}

std::string Workspace::read(const std::string& agent, const fs::path& rel) const {
  const Permission* p = permission(agent);
  if (!inside(rel)) refuse(agent, rel, "read", "outside the workspace");
  if (!p || !allowed(p->readable, rel)) refuse(agent, rel, "read", "not in its readable folders");
  return slurp(root_ / rel.lexically_normal());
}

std::vector<std::string> Workspace::regulations_read() const {
  std::set<std::string> ids;
  for (const auto& agent : fs::directory_iterator(root_)) {
    const fs::path dir = agent.path() / "tool-results";
    if (!agent.is_directory() || !fs::is_directory(dir)) continue;
    for (const auto& f : fs::directory_iterator(dir)) {
      if (f.path().extension() != ".json") continue;
      const auto j = nlohmann::json::parse(slurp(f.path()), nullptr, false);
      if (j.is_discarded() || j.value("is_error", false)) continue;
      for (auto& id : regulations_in(j.value("arguments", nlohmann::json::object()),
                                     j.value("structured", nlohmann::json())))
        ids.insert(std::move(id));
    }
  }
  return {ids.begin(), ids.end()};
}

RecordingToolProvider::RecordingToolProvider(ToolProvider& inner, Workspace& ws, std::string agent)
    : inner_(inner), ws_(ws), agent_(std::move(agent)) {}

ToolResult RecordingToolProvider::call_tool(const std::string& name, const nlohmann::json& args) {
  ToolResult r = inner_.call_tool(name, args);
  int n = 0;
  {
    std::lock_guard lock(mutex_);
    n = ++calls_;
  }
  char prefix[16];
  std::snprintf(prefix, sizeof prefix, "%02d-", n);
  const nlohmann::json record = {{"tool", name},
                                 {"arguments", args},
                                 {"is_error", r.is_error},
                                 {"result", r.content},
                                 {"structured", r.structured}};
  ws_.write(agent_, fs::path(agent_) / "tool-results" / (prefix + name + ".json"),
            record.dump(2) + "\n");
  return r;
}

std::vector<nlohmann::json> violations(const std::vector<nlohmann::json>& events) {
  std::vector<nlohmann::json> out;
  for (const auto& e : events) {
    const std::string type = e.value("type", "");
    if (type.size() > 9 && type.compare(type.size() - 9, 9, "_rejected") == 0) out.push_back(e);
  }
  return out;
}

std::string summarize_workspace(const fs::path& dir) {
  if (!fs::is_directory(dir)) throw Error(ErrorCode::kNotFound, "no workspace at " + dir.string());
  std::ostringstream out;
  out << "Run workspace " << dir.string() << "\n";
  auto first_lines = [](const std::string& text, int n) {
    std::istringstream in(text);
    std::string line, s;
    for (int i = 0; i < n && std::getline(in, line); ++i)
      s += "    " + line + "\n";
    return s;
  };
  if (fs::exists(dir / "plan.md")) out << "plan.md:\n" << first_lines(slurp(dir / "plan.md"), 12);
  std::vector<fs::path> agents;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_directory()) agents.push_back(e.path());
  std::sort(agents.begin(), agents.end());
  for (const auto& a : agents) {
    size_t results = 0;
    if (fs::is_directory(a / "tool-results"))
      for (const auto& r : fs::directory_iterator(a / "tool-results"))
        results += r.is_regular_file() ? 1 : 0;
    const auto output = fs::exists(a / "output.md") ? fs::file_size(a / "output.md") : 0;
    out << a.filename().string() << "/: " << results << " tool result(s), output.md " << output
        << " bytes\n";
  }
  if (fs::exists(dir / "answer.md"))
    out << "answer.md:\n" << first_lines(slurp(dir / "answer.md"), 6);
  if (fs::exists(dir / "events.jsonl")) {
    const auto events = read_event_log(dir / "events.jsonl");
    const auto v = violations(events);
    out << events.size() << " event(s), " << v.size() << " violation(s)\n";
    for (const auto& e : v)
      out << "  " << format_event(e) << "\n";
  }
  return out.str();
}

}  // namespace regreader::agent
