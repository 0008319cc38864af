#!/usr/bin/env python3
"""A stand-in CI runner for the tests: runs the shipped workflow files'
own steps on this machine, so that tests/cli/ci_examples.sh exercises
exactly what ships.

  ci_runner.py github WORKFLOW JOB STATE [--skip ID]... [--set NAME=VALUE]...
  ci_runner.py gitlab CI_FILE JOB STATE

GitHub: the job's steps in order, with `if:`, `env:`, `with:` and step
outputs evaluated as GitHub does for the expressions the files use
(contexts github, env, vars, inputs, steps, runner; ==, !=, &&, ||, !,
always(), success(), failure()); an expression outside that subset is an
error, never read as empty.  `run:` steps run under bash as the runner
does; `uses: ./PATH` runs the composite action there, step by step; the
actions the files use are stood in for: actions/checkout (with
`repository:` the fixprice checkout, a link to the source tree; else the
workspace as the test laid it), actions/upload-artifact and
actions/download-artifact (a folder per artifact under $CI_ARTIFACTS, or
STATE/artifacts).
A step whose id is given with --skip is not run and said so (the install
step, which would apt-get and build fixprice a second time).  --set gives
a variable of the workflow's top `env:` another value, as a user edits it.

GitLab: the job's `script` items, in one bash with -eo pipefail as
GitLab's shell executor runs them, its `variables:` expanded, overridden by
the environment's (a project's CI/CD variables win over the file's);
`before_script` (apt-get, the build of fixprice) is not run; the script
runs in $CI_PROJECT_DIR.

The environment comes from the caller: GITHUB_WORKSPACE, GITHUB_EVENT_PATH,
RUNNER_TEMP, TOP_SRCDIR, FIXPRICE_VARS (a JSON object: vars), and PATH with
the stand-in gh.  Prints each step's outcome; writes STATE/result (success
or failure), STATE/summary.md (every step's summary) and STATE/uses.log.
"""
import json
import os
import re
import shutil
import subprocess
import sys

import yaml


class ExprError(Exception):
    pass


TOKEN = re.compile(r"\s*(?:(\|\||&&|==|!=|!|\(|\)|,)|'((?:[^']|'')*)'"
                   r"|([A-Za-z_][A-Za-z0-9_\-]*(?:\.[A-Za-z_*][A-Za-z0-9_\-]*)*)"
                   r"|(-?[0-9]+(?:\.[0-9]+)?))")


def tokens(text):
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ExprError("cannot read %r at %d" % (text, pos))
        op, string, name, number = m.groups()
        if op:
            out.append(("op", op))
        elif string is not None:
            out.append(("str", string.replace("''", "'")))
        elif name:
            out.append(("name", name))
        else:
            out.append(("num", float(number)))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return out


def truthy(v):
    return v not in (None, "", 0, False)


def loose(v):
    """GitHub compares strings case-insensitively, others as numbers."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).lower()


class Expr:
    def __init__(self, text, ctx):
        self.t = tokens(text)
        self.i = 0
        self.ctx = ctx

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else (None, None)

    def take(self, want=None):
        tok = self.peek()
        if want and tok != ("op", want):
            raise ExprError("expected %s, got %r" % (want, tok))
        self.i += 1
        return tok

    def value(self):
        v = self.orx()
        if self.i != len(self.t):
            raise ExprError("trailing %r" % (self.t[self.i:],))
        return v

    def orx(self):
        v = self.andx()
        while self.peek() == ("op", "||"):
            self.take()
            w = self.andx()
            v = v if truthy(v) else w
        return v

    def andx(self):
        v = self.cmp()
        while self.peek() == ("op", "&&"):
            self.take()
            w = self.cmp()
            v = w if truthy(v) else v
        return v

    def cmp(self):
        v = self.unary()
        if self.peek() in (("op", "=="), ("op", "!=")):
            op = self.take()[1]
            w = self.unary()
            same = loose(v) == loose(w)
            return same if op == "==" else not same
        return v

    def unary(self):
        if self.peek() == ("op", "!"):
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        kind, val = self.take()
        if kind == "op" and val == "(":
            v = self.orx()
            self.take(")")
            return v
        if kind in ("str", "num"):
            return val
        if kind == "name":
            if self.peek() == ("op", "("):
                self.take()
                self.take(")")
                return self.ctx.function(val)
            return self.ctx.lookup(val)
        raise ExprError("unexpected %r" % (val,))


CONTEXTS = ("github", "env", "vars", "inputs", "steps", "runner", "job")


class Context:
    def __init__(self, data, status):
        self.data = data
        self.status = status

    def function(self, name):
        if name == "always":
            return True
        if name == "success":
            return self.status["ok"]
        if name == "failure":
            return not self.status["ok"]
        if name == "cancelled":
            return False
        raise ExprError("function %s() is not stood in for" % name)

    def lookup(self, path):
        parts = path.split(".")
        if parts[0] not in CONTEXTS:
            raise ExprError("context %s is not stood in for" % parts[0])
        v = self.data
        for p in parts:
            if isinstance(v, dict):
                v = v.get(p)
            else:
                return None
        return v

    def interpolate(self, text):
        if not isinstance(text, str):
            return text
        out, pos = [], 0
        for m in re.finditer(r"\$\{\{(.*?)\}\}", text, re.S):
            out.append(text[pos:m.start()])
            v = Expr(m.group(1), self).value()
            out.append("" if v is None else loose(v) if isinstance(
                v, (bool, float)) else str(v))
            pos = m.end()
        out.append(text[pos:])
        return "".join(out)

    def condition(self, cond):
        if cond is None:
            return self.status["ok"]
        if isinstance(cond, bool):
            return cond
        text = str(cond).strip()
        m = re.fullmatch(r"\$\{\{(.*)\}\}", text, re.S)
        if m:
            text = m.group(1)
        if not re.search(r"\b(always|success|failure|cancelled)\(", text):
            text = "success() && (%s)" % text
        return truthy(Expr(text, self).value())


class GitHub:
    def __init__(self, state, skip, sets):
        self.sets = sets
        self.state = state
        self.skip = set(skip)
        self.top = os.environ["TOP_SRCDIR"]
        self.ws = os.environ["GITHUB_WORKSPACE"]
        self.temp = os.environ["RUNNER_TEMP"]
        with open(os.environ["GITHUB_EVENT_PATH"]) as fh:
            self.event = json.load(fh)
        self.vars = json.loads(os.environ.get("FIXPRICE_VARS", "{}"))
        self.status = {"ok": True}
        self.artifacts = os.environ.get("CI_ARTIFACTS",
                                        os.path.join(state, "artifacts"))
        os.makedirs(self.artifacts, exist_ok=True)
        self.summary = open(os.path.join(state, "summary.md"), "w")
        self.uses_log = open(os.path.join(state, "uses.log"), "w")
        self.n = 0

    def github(self, action_path=None):
        g = {"event": self.event, "token": "stand-in-token",
             "workspace": self.ws,
             "repository": os.environ.get("GITHUB_REPOSITORY", ""),
             "run_id": os.environ.get("GITHUB_RUN_ID", ""),
             "server_url": os.environ.get("GITHUB_SERVER_URL", "")}
        if action_path:
            g["action_path"] = action_path
        return g

    def run_steps(self, steps, data, env, action_path=None):
        for step in steps:
            ctx = Context(data, self.status)
            name = step.get("name", step.get("uses", "run"))
            sid = step.get("id")
            if sid in self.skip:
                print("skipped (stood in for): %s" % name)
                continue
            if not ctx.condition(step.get("if")):
                print("not run (if): %s" % name)
                continue
            step_env = dict(env)
            for k, v in (step.get("env") or {}).items():
                step_env[k] = ctx.interpolate(v)
            data_env = dict(step_env)
            data["env"] = data_env
            ctx = Context(data, self.status)
            outputs = {}
            if "run" in step:
                ok = self.shell(step, ctx, step_env, outputs, action_path)
            else:
                ok = self.uses(step, ctx, data, step_env, outputs)
            print("%s: %s" % ("ok" if ok else "FAILED", name))
            sys.stdout.flush()
            if not ok and not step.get("continue-on-error"):
                self.status["ok"] = False
            if sid:
                data["steps"][sid] = {
                    "outputs": outputs,
                    "outcome": "success" if ok else "failure",
                    "conclusion": "success" if ok else "failure"}

    def shell(self, step, ctx, env, outputs, action_path):
        self.n += 1
        script = os.path.join(self.state, "step-%d.sh" % self.n)
        with open(script, "w") as fh:
            fh.write(step["run"])
        out = os.path.join(self.state, "output-%d" % self.n)
        summ = os.path.join(self.state, "summary-%d" % self.n)
        for f in (out, summ):
            open(f, "w").close()
        full = dict(os.environ)
        full.update(env)
        full.update({"GITHUB_OUTPUT": out, "GITHUB_STEP_SUMMARY": summ,
                     "GITHUB_ACTIONS": "true", "RUNNER_TEMP": self.temp,
                     "GITHUB_WORKSPACE": self.ws})
        if action_path:
            full["GITHUB_ACTION_PATH"] = action_path
        shell = step.get("shell")
        if shell == "bash":
            argv = ["bash", "--noprofile", "--norc", "-eo", "pipefail",
                    script]
        elif shell is None:
            argv = ["bash", "-e", script]
        else:
            raise ExprError("shell %s is not stood in for" % shell)
        cwd = os.path.join(self.ws, ctx.interpolate(
            step.get("working-directory", ".")))
        rc = subprocess.call(argv, cwd=cwd, env=full)
        with open(out) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    outputs[k] = v
        with open(summ) as fh:
            self.summary.write(fh.read())
        self.summary.flush()
        return rc == 0

    def uses(self, step, ctx, data, env, outputs):
        uses = step["uses"]
        args = {k: ctx.interpolate(v) for k, v in
                (step.get("with") or {}).items()}
        self.uses_log.write("%s %s\n" % (uses, json.dumps(args,
                                                          sort_keys=True)))
        self.uses_log.flush()
        if uses.startswith("./"):
            return self.composite(os.path.join(self.ws, uses[2:]), args,
                                  env, outputs)
        name = uses.split("@")[0]
        if name == "actions/checkout":
            if args.get("repository"):
                dest = os.path.join(self.ws, args["path"])
                if os.path.lexists(dest):
                    os.remove(dest)
                os.symlink(self.top, dest)
            return True
        if name == "actions/upload-artifact":
            src = args["path"]
            dest = os.path.join(self.artifacts, args["name"])
            if not os.path.exists(src):
                return args.get("if-no-files-found") == "ignore"
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(src, dest, symlinks=True)
            return True
        if name == "actions/download-artifact":
            src = os.path.join(self.artifacts, args["name"])
            if not os.path.isdir(src):
                print("no artifact %s" % args["name"])
                return False
            shutil.copytree(src, args["path"], symlinks=True,
                            dirs_exist_ok=True)
            return True
        raise ExprError("action %s is not stood in for" % uses)

    def composite(self, path, args, env, outputs):
        with open(os.path.join(path, "action.yml")) as fh:
            action = yaml.safe_load(fh)
        if action["runs"]["using"] != "composite":
            raise ExprError("not a composite action")
        outer = Context({"github": self.github(path), "env": env,
                         "vars": self.vars, "runner": {"temp": self.temp},
                         "steps": {}}, self.status)
        inputs = {}
        for k, spec in (action.get("inputs") or {}).items():
            if k in args:
                inputs[k] = args[k]
            else:
                inputs[k] = outer.interpolate(str(spec.get("default", "")))
        for k in args:
            if k not in inputs:
                raise ExprError("the action has no input %s" % k)
        data = {"github": self.github(path), "env": dict(env),
                "vars": self.vars, "inputs": inputs,
                "runner": {"temp": self.temp}, "steps": {}}
        self.run_steps(action["runs"]["steps"], data, env, action_path=path)
        ctx = Context(data, self.status)
        for k, spec in (action.get("outputs") or {}).items():
            outputs[k] = ctx.interpolate(spec["value"])
        return self.status["ok"]

    def job(self, path, name):
        with open(path) as fh:
            wf = yaml.safe_load(fh)
        job = wf["jobs"][name]
        data = {"github": self.github(), "vars": self.vars,
                "runner": {"temp": self.temp}, "steps": {}}
        env = {}
        top = dict(wf.get("env") or {})
        for k, v in self.sets.items():
            if k not in top:
                raise ExprError("the workflow sets no %s" % k)
            top[k] = v
        for scope in (top, job.get("env") or {}):
            data["env"] = dict(env)
            ctx = Context(data, self.status)
            for k, v in scope.items():
                env[k] = ctx.interpolate(v)
        data["env"] = dict(env)
        if "if" in job and not Context(data, self.status).condition(
                job["if"]):
            print("job not run (if)")
            return True
        self.run_steps(job["steps"], data, env)
        return self.status["ok"]


def gitlab(path, name, state):
    with open(path) as fh:
        doc = yaml.safe_load(fh)
    job = doc[name]
    env = dict(os.environ)
    for k, v in (job.get("variables") or {}).items():
        if k in os.environ:
            continue
        env[k] = re.sub(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?",
                        lambda m: env.get(m.group(1), ""), str(v))
    script = os.path.join(state, "gitlab-%s.sh" % name)
    with open(script, "w") as fh:
        fh.write("\n".join(job["script"]) + "\n")
    rc = subprocess.call(["bash", "-eo", "pipefail", script], env=env,
                         cwd=os.environ.get("CI_PROJECT_DIR"))
    return rc == 0


def main():
    kind, path, name, state = sys.argv[1:5]
    rest = sys.argv[5:]
    skip = [rest[i + 1] for i in range(len(rest)) if rest[i] == "--skip"]
    sets = dict(rest[i + 1].split("=", 1) for i in range(len(rest))
                if rest[i] == "--set")
    os.makedirs(state, exist_ok=True)
    if kind == "github":
        ok = GitHub(state, skip, sets).job(path, name)
    else:
        ok = gitlab(path, name, state)
    with open(os.path.join(state, "result"), "w") as fh:
        fh.write("success\n" if ok else "failure\n")
    print("job: %s" % ("success" if ok else "failure"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
