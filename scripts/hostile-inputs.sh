#!/usr/bin/env bash
# Sends hostile inputs to a running Nightbench and counts how it answered: refused (4xx), accepted
# (2xx/3xx), answered 500 (5xx or no answer at all), and "acted on" — a hostile input that took
# effect: a run or comparison queued with a hostile spec, corpus or JVM flag (read back through its
# Location), a stored payload served back live (HTML unescaped, CSV formula not neutralised), a
# file's content served, an off-site redirect, a sentinel file created, a write made with a session
# but no CSRF token, or a sign-in let through after 50 wrong passwords.
#
# The cases are scripts/hostile-inputs.cases (one per line, its header says how to read it) plus
# the JVM flags below, each sent three ways; the 50 sign-ins come last, under their own user.
#
# usage: scripts/hostile-inputs.sh
#   Starts the app itself from backend/target/nightbench.jar (built when missing) on a throw-away
#   embedded database under /tmp, with a fixed admin password, a small synthetic history (for
#   series, change points and runs to point at), the backfill off and no worker (so nothing queued
#   ever runs), and stops it at the end.
# usage: BASE_URL=http://host:8080 NB_USER=editor NB_PASSWORD=… scripts/hostile-inputs.sh
#   Targets a running app instead. What the script creates it cancels or deletes again, except the
#   two users it adds when NB_USER is an admin. Do not point it at a production worker.
#
# Environment: VERBOSE=1 prints every case; KEEP_WORK=1 keeps the work directory (app log,
# answers); CHROMIUM=/path/to/chromium additionally renders the pages that show stored payloads
# and checks no script ran (found on PATH when installed).
#
# Exits 1 when anything was acted on or answered 500, 2 when the app could not be reached.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
nb_args 0 "$@"

cases_file=scripts/hostile-inputs.cases
work=$(mktemp -d "${TMPDIR:-/tmp}/nb-hostile-XXXXXX")
sentinel=/tmp/nb-pwned-$$
app_pid=

# The JVM flags a comparison side must never pass to a benchmark JVM.
FLAGS=(
  "-XX:OnOutOfMemoryError=touch $sentinel"
  "-XX:OnError=touch $sentinel"
  "-javaagent:/tmp/nb-evil-agent.jar"
  "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=*:5005"
  "-agentpath:/tmp/libnbevil.so"
  "@/etc/passwd"
  "-cp"
  "-jar"
  "-Xlog:gc:file=/etc/cron.d/nb-pwned"
  "-XX:Flags=/etc/passwd"
  "-XX:CompileCommandFile=/etc/passwd"
  "-XX:VMOptionsFile=/etc/passwd"
  "-Djava.security.manager=allow"
  "-Djava.library.path=/tmp"
  "-Xbootclasspath/a:/tmp/nb-evil.jar"
  "--class-path=/tmp/nb-evil.jar"
  "-XX:ErrorFile=/etc/passwd"
  "-XX:HeapDumpPath=/root/nb-pwned.hprof"
  "-Xmx999999g"
  "-XX:ParallelGCThreads=999999999"
  "-XX:ConcGCThreads=100000"
  "-XX:CICompilerCount=999999"
  "-XX:ActiveProcessorCount=999999999"
  "-Xms1t"
  "-XX:MaxDirectMemorySize=1t"
  "-Xms1g; touch $sentinel"
  "\$(touch $sentinel)"
  "-Dx=\`touch $sentinel\`"
)

cleanup() {
  if [ -n "$app_pid" ]; then
    kill "$app_pid" 2>/dev/null
    wait "$app_pid" 2>/dev/null
  fi
  if [ "${KEEP_WORK:-0}" = 1 ]; then
    echo "work directory kept: $work"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT

# --- the app ----------------------------------------------------------------------------------

start_app() {
  local jar=backend/target/nightbench.jar
  if [ ! -f "$jar" ]; then
    echo "building $jar ..."
    ./mvnw -B -q -ntp -DskipTests package || exit 2
  fi
  NB_USER=admin
  NB_PASSWORD="hostile-admin-$$-$RANDOM$RANDOM"
  mkdir -p "$work/tmp"
  java -Djava.io.tmpdir="$work/tmp" -jar "$jar" --server.port=0 \
    --nightbench.database.embedded.data-directory="$work/pgdata" \
    --nightbench.security.admin-username="$NB_USER" \
    --nightbench.security.admin-password="$NB_PASSWORD" \
    --nightbench.backfill.enabled=false \
    --nightbench.runner.worker-enabled=false \
    --nightbench.runner.work-directory="$work/runner" \
    --nightbench.nightly.enabled=false \
    --nightbench.webhooks.worker-enabled=false \
    --nightbench.lucene.git.remote="$work/no-such-remote" \
    --nightbench.lucene.git.clone-directory="$work/git" \
    --nightbench.lucene.git.builds-directory="$work/builds" \
    --nightbench.synthetic.nights=300 --nightbench.synthetic.series=4 \
    >"$work/app.log" 2>&1 &
  app_pid=$!
  local port=
  for _ in $(seq 1 180); do
    port=$(grep -oE 'started on port [0-9]+' "$work/app.log" | head -1 | grep -oE '[0-9]+$')
    if [ -n "$port" ] && curl -sf "http://localhost:$port/actuator/health" >/dev/null; then
      break
    fi
    if ! kill -0 "$app_pid" 2>/dev/null; then
      echo "the app did not start:" >&2
      tail -20 "$work/app.log" >&2
      exit 2
    fi
    port=
    sleep 1
  done
  if [ -z "$port" ]; then
    echo "the app did not answer within 3 minutes (log: $work/app.log)" >&2
    KEEP_WORK=1
    exit 2
  fi
  BASE_URL="http://localhost:$port"
  # The cases point at its synthetic history, written (and its change points detected) by a
  # start-up runner after health already says UP, as the first admin is created.
  nb_wait_signed_in "$BASE_URL" "$NB_USER" "$NB_PASSWORD" || { KEEP_WORK=1; exit 2; }
  for _ in $(seq 1 180); do
    grep -q 'Change points over the synthetic history' "$work/app.log" && break
    sleep 1
  done
  echo "app started on $BASE_URL (work directory $work)"
}

if [ -z "${BASE_URL:-}" ]; then
  start_app
else
  BASE_URL=${BASE_URL%/}
  : "${NB_USER:?set NB_USER and NB_PASSWORD to the credentials of an editor}"
  : "${NB_PASSWORD:?set NB_PASSWORD}"
  curl -sf "$BASE_URL/actuator/health" >/dev/null || { echo "no app at $BASE_URL" >&2; exit 2; }
fi

# --- small helpers ----------------------------------------------------------------------------

# GET as the editor; prints the body, returns non-zero unless 2xx.
api_get() {
  curl -sf --max-time 60 -u "$NB_USER:$NB_PASSWORD" -H 'Accept: application/json' "$BASE_URL$1"
}

first_id() {
  grep -oE '"id":[0-9]+' | head -1 | grep -oE '[0-9]+'
}

urlencode() {
  local text=$1 out= c i hex
  for ((i = 0; i < ${#text}; i++)); do
    c=${text:i:1}
    if [[ $c == [A-Za-z0-9._~-] ]]; then
      out+=$c
    else
      printf -v hex '%%%02X' "'$c"
      out+=$hex
    fi
  done
  printf '%s' "$out"
}

# A string of n copies of one character, written to stdout.
repeat() {
  head -c "$2" /dev/zero | tr '\0' "$1"
}

# Generated bodies: too large, too deep or too binary for a line of the cases file.
gen_body() {
  local name=$1 out=$work/gen-$1 mb=$((10 * 1024 * 1024))
  [ -f "$out" ] && { echo "$out"; return; }
  case $name in
    empty) : >"$out" ;;
    huge-maven-spec) { printf '{"luceneSpec":"maven:9.'; repeat 1 $mb; printf '"}'; } >"$out" ;;
    huge-git-spec) { printf '{"luceneSpec":"git:'; repeat a $mb; printf '"}'; } >"$out" ;;
    huge-path-spec) { printf '{"luceneSpec":"path:/'; repeat a $mb; printf '"}'; } >"$out" ;;
    huge-corpus) { printf '{"luceneSpec":"maven:9.12.3","corpus":"/'; repeat a $mb; printf '"}'; } >"$out" ;;
    huge-release) { printf '{"releases":["9.'; repeat 1 $mb; printf '"]}'; } >"$out" ;;
    huge-jvmarg)
      { printf '{"baseline":"maven:9.12.3","candidate":"maven:9.12.3","jvms":2,"candidateJvmArgs":["-Dx='
        repeat a $mb; printf '"]}'; } >"$out" ;;
    many-categories)
      { printf '{"baseline":"maven:9.12.3","candidate":"maven:9.12.3","jvms":2,"categories":["HighTerm"'
        yes ',"HighTerm"' | head -n 200000 | tr -d '\n'; printf ']}'; } >"$out" ;;
    many-releases) { printf '{"releases":["9.12.3"'; yes ',"9.12.3"' | head -n 1000 | tr -d '\n'; printf ']}'; } >"$out" ;;
    huge-shorttext) { printf '{"at":"2024-03-01","scope":"all","shortText":"'; repeat a $mb; printf '"}'; } >"$out" ;;
    huge-longtext) { printf '{"at":"2024-03-01","scope":"all","shortText":"huge","longText":"'; repeat a $mb; printf '"}'; } >"$out" ;;
    huge-user) { printf '{"role":"editor","password":"correct horse battery","username":"'; repeat a $mb; printf '"}'; } >"$out" ;;
    huge-csv) { printf '2024-01-01,huge,'; repeat a $mb; printf '\n'; } >"$out" ;;
    deep-runs) { printf '{"luceneSpec":'; repeat '[' 10000; repeat ']' 10000; printf '}'; } >"$out" ;;
    deep-annotation) { printf '{"at":"2024-03-01","scope":"all","shortText":'; repeat '[' 10000; repeat ']' 10000; printf '}'; } >"$out" ;;
    deep-triage) { printf '{"state":"investigating","ids":'; repeat '[' 10000; repeat ']' 10000; printf '}'; } >"$out" ;;
    deep-detect) { printf '{"values":'; repeat '[' 10000; repeat ']' 10000; printf '}'; } >"$out" ;;
    raw-nul-json) printf '{"luceneSpec":"maven:9.12.3\000"}' >"$out" ;;
    raw-ctrl-json) printf '{"at":"2024-03-01","scope":"all","shortText":"raw\001\033[2Jcontrol"}' >"$out" ;;
    nul-csv) printf '2024-01-01,nul\000here\n' >"$out" ;;
    # Overlong UTF-8 (C0 AE spells "." the long way): a lenient decoder reads maven:9.12.3.
    overlong-utf8-spec) printf '{"luceneSpec":"maven:9\300\25612\300\2563"}' >"$out" ;;
    overlong-utf8-text) printf '{"at":"2024-03-01","scope":"all","shortText":"over\300\256long"}' >"$out" ;;
    overlong-utf8-csv) printf '2024-01-01,over\300\256long\n' >"$out" ;;
    # UTF-16 is well-formed UTF-8 when it is ASCII (a NUL beside every byte); a JSON reader takes it.
    utf16-annotation) printf '{"at":"2024-03-01","scope":"all","shortText":"utf16"}' | iconv -f UTF-8 -t UTF-16LE >"$out" ;;
    utf16-bom-annotation) printf '{"at":"2024-03-01","scope":"all","shortText":"utf16"}' | iconv -f UTF-8 -t UTF-16 >"$out" ;;
    detect-100k | detect-100k1 | detect-1m)
      local n=100000
      [ "$name" = detect-100k1 ] && n=100001
      [ "$name" = detect-1m ] && n=1000000
      # A step in the middle and a weekly swing: real work for the detector, not a flat line.
      awk -v n=$n 'BEGIN { printf "{\"values\":["; for (i = 0; i < n; i++) printf "%s%d", (i ? "," : ""), (i < n / 2 ? 100 : 110) + i % 7; printf "]}" }' >"$out" ;;
    *) echo "unknown generated body $name" >&2; return 1 ;;
  esac
  echo "$out"
}

# --- fixtures the cases point at --------------------------------------------------------------

series_id=$(api_get /api/series | first_id)
change_point=$(api_get '/api/change-points?state=untriaged&state=investigating&limit=5' | first_id)
run_id=$(api_get '/api/runs?limit=1' | first_id)
annotation_id=$(curl -s --max-time 30 -o /dev/null -w '%{redirect_url}\n' -D - -u "$NB_USER:$NB_PASSWORD" \
  -H 'Content-Type: application/json' -X POST "$BASE_URL/api/annotations" \
  -d '{"at":"2024-01-01","shortText":"hostile-inputs fixture","kind":"noise","scope":"all"}' |
  tr -d '\r' | grep -i '^location:' | grep -oE '[0-9]+$')
created_annotations=("$annotation_id")

# A session signed in through the form, for the CSRF cases: the cookie alone must never write.
session_jar=$work/session.jar
csrf_token() {
  curl -s --max-time 30 -c "$1" -b "$1" "$BASE_URL/login" |
    grep -oE '<input[^>]*name="_csrf"[^>]*>' | grep -oE 'value="[^"]*"' | head -1 | cut -d'"' -f2
}
login_form() { # jar user password -> prints "status location"
  local token
  token=$(csrf_token "$1")
  curl -s --max-time 30 -o /dev/null -w '%{http_code} %{redirect_url}' -c "$1" -b "$1" \
    --data-urlencode "username=$2" --data-urlencode "password=$3" --data-urlencode "_csrf=$token" \
    "$BASE_URL/login"
}
session_login=$(login_form "$session_jar" "$NB_USER" "$NB_PASSWORD")
case $session_login in
  302\ *error*|4*|5*) session_ok=0 ;;
  *) session_ok=1 ;;
esac

# Users for the sign-in throttling (needs an admin; the editor must not be locked out).
victim="nb-hostile-victim-$$"
victim_password="victim-password-$$-$RANDOM$RANDOM"
victim_status=$(curl -s --max-time 30 -o /dev/null -w '%{http_code}' -u "$NB_USER:$NB_PASSWORD" \
  -H 'Content-Type: application/json' -X POST "$BASE_URL/api/users" \
  -d "{\"username\":\"$victim\",\"password\":\"$victim_password\",\"role\":\"editor\"}")

# CSV exports that may carry stored text; the first answering one of the annotation candidates too.
csv_exports=(/api/runs/recent.csv?limit=500 "/api/change-points/alerts.csv?state=untriaged&state=investigating&state=confirmed&state=invalid&state=infra&state=fixed&state=wontfix" /api/series/overview.csv)
# Besides a few likely addresses, any annotation CSV the OpenAPI description lists ({id} = a series).
annotation_csv=
openapi_csv=$(curl -s --max-time 30 "$BASE_URL/api/openapi" | grep -oE '"/api/[^"]*annotation[^"]*csv[^"]*"' |
  tr -d '"' | sed "s/{[^}]*}/${series_id:-1}/g")
for candidate in ${ANNOTATIONS_CSV:-} $openapi_csv /api/annotations.csv /api/annotations/export.csv \
  "/api/annotations?format=csv" ${series_id:+/api/series/$series_id/annotations.csv}; do
  if curl -sf --max-time 30 -H 'Accept: text/csv' -o "$work/probe" -D "$work/probe-headers" "$BASE_URL$candidate" &&
    grep -qi '^content-type: text/csv' "$work/probe-headers"; then
    annotation_csv=$candidate
    csv_exports+=("$candidate")
    break
  fi
done

# Pages that show stored text.
pages=(/ /runs /comparisons "/alerts?state=untriaged&state=investigating&state=confirmed&state=invalid&state=infra&state=fixed&state=wontfix" ${series_id:+/series/$series_id})
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}

# --- counting ---------------------------------------------------------------------------------

declare -A sent refused accepted acted failed
total=0 total_refused=0 total_accepted=0 total_acted=0 total_failed=0 skipped=0 no_detail=0
expected_refusal_accepted=()
findings=()

short() { # a payload on one line, its middle cut when long (the end is what tells cases apart)
  local text=${1//$'\n'/ }
  text=${text//$'\t'/ }
  [ ${#text} -gt 75 ] && text="${text:0:22}...${text: -50}"
  printf '%s' "$text"
}

record() { # category expect outcome(refused|accepted|acted|failed) method path body status why
  local category=$1 outcome=$3
  sent[$category]=$((${sent[$category]:-0} + 1))
  total=$((total + 1))
  case $outcome in
    refused) refused[$category]=$((${refused[$category]:-0} + 1)); total_refused=$((total_refused + 1)) ;;
    accepted | acted)
      accepted[$category]=$((${accepted[$category]:-0} + 1)); total_accepted=$((total_accepted + 1))
      [ "$2" = refuse ] && [ "$outcome" = accepted ] &&
        expected_refusal_accepted+=("$(printf '%-6s %s  %s  %s' "$4" "$5" "$(short "$6")" "$7")")
      ;;
    failed) failed[$category]=$((${failed[$category]:-0} + 1)); total_failed=$((total_failed + 1)) ;;
  esac
  if [ "$outcome" = acted ]; then
    acted[$category]=$((${acted[$category]:-0} + 1))
    total_acted=$((total_acted + 1))
    findings+=("$(printf 'ACTED ON  %-6s %s  %s  HTTP %s  (%s)' "$4" "$5" "$(short "$6")" "$7" "$8")")
  elif [ "$outcome" = failed ]; then
    findings+=("$(printf 'HTTP %s  %-6s %s  %s' "$7" "$4" "$5" "$(short "$6")")")
  fi
  [ "${VERBOSE:-0}" = 1 ] && printf '%-8s %-8s %-4s %-6s %s  %s\n' "$category" "$outcome" "$7" "$4" "$5" "$(short "$6")"
}

# Undoes what an accepted case created, so a live app keeps nothing of it queued.
undo() { # location
  local id
  id=$(grep -oE '[0-9]+$' <<<"$1")
  case $1 in
    */api/runs/*) curl -s -o /dev/null --max-time 30 -u "$NB_USER:$NB_PASSWORD" -X POST "$BASE_URL/api/runs/$id/cancel" ;;
    */comparisons/*) curl -s -o /dev/null --max-time 30 -u "$NB_USER:$NB_PASSWORD" -X POST "$BASE_URL/api/comparisons/$id/cancel" ;;
    */api/annotations/*) curl -s -o /dev/null --max-time 30 -u "$NB_USER:$NB_PASSWORD" -X DELETE "$BASE_URL/api/annotations/$id" ;;
  esac
}

# Where an accepted write put what it made, as an API path: its Location, or a page's redirect.
created_location() {
  local location
  location=$(tr -d '\r' <"$work/headers" | grep -i '^location:' | head -1 | sed 's/^[^:]*: *//')
  location=${location#"$BASE_URL"}
  location=${location#http*://*/}
  [ -n "$location" ] && [ "${location:0:1}" != / ] && location=/$location
  case $location in
    /comparisons/[0-9]*) echo "/api${location%%\?*}" ;;
    /api/runs/[0-9]* | /api/comparisons/[0-9]* | /api/annotations/[0-9]*) echo "${location%%\?*}" ;;
  esac
}

# The ids a 2xx answer names: runs of a backfill, annotations of an import.
answered_ids() {
  grep -oE '"(id|ids)":\[?[0-9,]+' "$work/body" | grep -oE '[0-9]+' | sort -u
}

# A stored payload came back: as markup on a page (or run as script in a browser).
served_live() { # needle extra-page -> prints where
  local page
  for page in "${pages[@]}" ${2:+"$2"}; do
    if curl -s --max-time 60 "$BASE_URL$page" | grep -qF -- "$1"; then
      echo "unescaped on $page"
      return 0
    fi
  done
  # The API's own answer, asked for as a page: JSON must never be served as HTML.
  if [ -n "${3:-}" ] && curl -s --max-time 60 -H 'Accept: text/html' -D "$work/live-headers" "$BASE_URL$3" |
    grep -qF -- "$1" && grep -qi '^content-type: text/html' "$work/live-headers"; then
    echo "served as HTML by $3"
    return 0
  fi
  if [ -n "$chromium" ]; then
    for page in "${pages[@]}" ${2:+"$2"}; do
      if timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --virtual-time-budget=5000 \
        --dump-dom "$BASE_URL$page" 2>/dev/null | grep -q 'data-nbpwned'; then
        echo "script ran on $page"
        return 0
      fi
    done
  fi
  return 1
}

# A stored formula came back as a live cell of a CSV export (neutralised cells start with ').
formula_live() { # payload -> prints where
  local prefix=${1:0:12} export
  prefix=${prefix//\"/\"\"}
  for export in "${csv_exports[@]}"; do
    curl -s --max-time 60 "$BASE_URL$export" >"$work/export.csv"
    if grep -qF -e ",$prefix" -e "\"$prefix" "$work/export.csv" ||
      awk -v p="$prefix" 'index($0, p) == 1 { found = 1 } END { exit !found }' "$work/export.csv"; then
      echo "live formula in $export"
      return 0
    fi
  done
  return 1
}

# Sends one case and records how it was answered and whether it took effect.
send() { # category expect check auth method path content-type body
  local category=$1 expect=$2 check=$3 auth=$4 method=$5 path=$6 type=$7 body=$8
  local placeholder value
  for placeholder in SENT SERIES CP RUN ANN LONG; do
    if [[ "$path$body" == *"{{$placeholder}}"* ]]; then
      case $placeholder in
        SENT) value=$sentinel ;; SERIES) value=$series_id ;; CP) value=$change_point ;;
        RUN) value=$run_id ;; ANN) value=$annotation_id ;; LONG) value=$(repeat 1 100000) ;;
      esac
      if [ -z "$value" ]; then
        skipped=$((skipped + 1))
        echo "skipped (no $placeholder to point at): $method $path $(short "$body")"
        return
      fi
      path=${path//"{{$placeholder}}"/$value}
      body=${body//"{{$placeholder}}"/$value}
    fi
  done
  check=${check//"{{SENT}}"/$sentinel}

  local args=(-s --path-as-is --max-time 120 -o "$work/body" -D "$work/headers" -w '%{http_code}' -X "$method")
  case $auth in
    editor) args+=(-u "$NB_USER:$NB_PASSWORD") ;;
    anon) ;;
    session | session-bearer | session-junk)
      if [ "$session_ok" != 1 ]; then
        skipped=$((skipped + 1))
        echo "skipped (the form sign-in failed: $session_login): $method $path"
        return
      fi
      args+=(-b "$session_jar")
      [ "$auth" = session-bearer ] && args+=(-H 'Authorization: Bearer junk')
      [ "$auth" = session-junk ] && args+=(-H 'Authorization: junk')
      ;;
  esac
  case $type in
    none) ;;
    json) args+=(-H 'Content-Type: application/json') ;;
    form) args+=(-H 'Content-Type: application/x-www-form-urlencoded') ;;
    csv) args+=(-H 'Content-Type: text/csv') ;;
    text) args+=(-H 'Content-Type: text/plain') ;;
    xml) args+=(-H 'Content-Type: application/xml') ;;
    *) args+=(-H "Content-Type: $type") ;;
  esac
  local shown=$body
  if [ "$body" != - ]; then
    if [ "${body:0:5}" = @gen: ]; then
      local file
      file=$(gen_body "${body:5}") || return
      args+=(--data-binary "@$file")
      shown="<${body:5}, $(wc -c <"$file") bytes>"
    else
      printf '%s' "$body" >"$work/request"
      args+=(--data-binary "@$work/request")
    fi
  else
    shown=
  fi
  : >"$work/body"
  : >"$work/headers"
  local status
  status=$(curl "${args[@]}" "$BASE_URL$path" 2>/dev/null)
  status=${status:-000}

  local outcome why=
  case $status in
    000 | 5*) outcome=failed ;;
    4*) outcome=refused
      if [[ $path == /api/* ]] && [ "$status" != 401 ] && [ "$status" != 403 ] && ! grep -q '"detail"' "$work/body"; then
        no_detail=$((no_detail + 1))
        printf '  %-6s %s  %s\n' "$method" "${path:0:80}" "$status" >>"$work/no-detail"
      fi ;;
    3*)
      # A page form answers a refusal with a redirect back to its list: only a redirect to what
      # it created counts as accepting.
      if [ "$type" = form ] && [ -z "$(created_location)" ] && [[ $path != /alerts/triage ]]; then
        outcome=refused
      else
        outcome=accepted
      fi ;;
    *) outcome=accepted ;;
  esac

  local location
  location=$(created_location)
  case $check in
    leak:*)
      if grep -qF -- "${check#leak:}" "$work/body"; then outcome=acted why="served ${check#leak:}…"; fi ;;
    nosession)
      if grep -qi '^set-cookie: *JSESSIONID=' "$work/headers"; then outcome=acted why="started a session"; fi ;;
    reflect:*)
      if grep -qi '^content-type: text/html' "$work/headers" && grep -qF -- "${check#reflect:}" "$work/body"; then
        outcome=acted why="reflected unescaped"
      fi ;;
    redirect)
      local target
      target=$(tr -d '\r' <"$work/headers" | grep -i '^location:' | sed 's/^[^:]*: *//')
      if [[ $target == //* ]] || { [[ $target == http*://* ]] && [[ $target != "$BASE_URL"* ]]; }; then
        outcome=acted why="redirects to $target"
      elif grep -qi '^X-Nb-Injected' "$work/headers"; then
        outcome=acted why="header injected"
      fi ;;
  esac
  if [ "$outcome" = accepted ]; then
    local ids
    case $check in
      created)
        if [ -n "$location" ]; then
          if api_get "$location" >/dev/null; then outcome=acted why="$location exists"; fi
        elif [ "$path" = /api/backfill ] && ids=$(answered_ids) && [ -n "$ids" ]; then
          outcome=acted why="queued runs $(echo $ids)"
          for id in $ids; do undo "/api/runs/$id"; done
        elif [ "$method" != GET ]; then
          outcome=acted why="changed something (HTTP $status)"
        fi ;;
      absent:*)
        if [ -n "$location" ] && api_get "$location" | grep -qF -- "${check#absent:}"; then
          outcome=acted why="stored ${check#absent:}"
        fi ;;
      xss:*)
        local page=
        case $location in /api/runs/* | /api/comparisons/*) page=${location#/api} ;; esac
        if why=$(served_live "${check#xss:}" "$page" "$location"); then outcome=acted; fi ;;
      formula:*)
        if why=$(formula_live "${check#formula:}"); then outcome=acted; fi ;;
    esac
  fi
  if [ -n "$location" ]; then
    undo "$location"
  elif [[ $path == /api/annotations/import* ]] && [[ $status == 2* ]]; then
    for id in $(answered_ids); do undo "/api/annotations/$id"; done
  fi
  record "$category" "$expect" "$outcome" "$method" "$path" "$shown" "$status" "$why"
}

# --- the cases --------------------------------------------------------------------------------

echo "sending hostile inputs to $BASE_URL as $NB_USER ..."
while IFS=$'\t' read -r category expect check auth method path type body; do
  [[ -z "$category" || "$category" == \#* ]] && continue
  send "$category" "$expect" "$check" "$auth" "$method" "$path" "$type" "$body"
done <"$cases_file"

base='"baseline":"maven:9.12.3","candidate":"maven:9.12.3","jvms":2'
for flag in "${FLAGS[@]}"; do
  json=${flag//\\/\\\\}
  json=${json//\"/\\\"}
  send flags refuse created editor POST /api/comparisons json "{$base,\"candidateJvmArgs\":[\"$json\"]}"
  send flags refuse created editor POST /api/comparisons json "{$base,\"baselineJvmArgs\":[\"-Xmx1g\",\"$json\"]}"
  send flags refuse created editor POST /comparisons form \
    "baseline=maven%3A9.12.3&candidate=maven%3A9.12.3&jvms=2&candidateJvmArgs=$(urlencode "$flag")"
done

# Last, under a user of its own: 50 wrong passwords, half by the form and half by HTTP Basic; then
# the right one must not get in any more (locked out or throttled, 401 or 429).
user=$victim
[[ $victim_status == 2* ]] || user="nb-hostile-nobody-$$"
for i in $(seq 1 50); do
  if ((i % 2)); then
    answer=$(login_form "$work/brute.jar" "$user" "wrong-password-$i")
    status=${answer%% *}
    # The form signs in with a redirect away from /login?error.
    if [ "$status" = 302 ] && [[ $answer != *error* ]]; then outcome=acted; elif [[ $status == 5* || $status == 000 ]]; then outcome=failed; else outcome=refused; fi
    record signin refuse "$outcome" POST /login "username=$user&password=wrong-password-$i" "$status" "signed in with a wrong password"
  else
    status=$(curl -s --max-time 30 -o /dev/null -w '%{http_code}' -u "$user:wrong-password-$i" "$BASE_URL/api/users/me/password")
    case $status in 401 | 403 | 429) outcome=refused ;; 000 | 5*) outcome=failed ;; *) outcome=acted ;; esac
    record signin refuse "$outcome" GET /api/users/me/password "Basic $user:wrong-password-$i" "$status" "signed in with a wrong password"
  fi
done
if [[ $victim_status == 2* ]]; then
  status=$(curl -s --max-time 30 -o /dev/null -w '%{http_code}' -u "$victim:$victim_password" "$BASE_URL/api/users/me/password")
  case $status in 401 | 403 | 429) outcome=refused ;; 000 | 5*) outcome=failed ;; *) outcome=acted ;; esac
  record signin refuse "$outcome" GET /api/users/me/password "Basic $victim:<right password> after 50 wrong" "$status" "not throttled: signed in right after 50 wrong passwords"
else
  echo "note: could not add a user for the sign-in check (HTTP $victim_status; NB_USER must be an admin): the right-password check after 50 wrong ones was not made"
fi

# Sentinels: a flag or spec that ran a command would have created one of these.
for file in "$sentinel"*; do
  [ -e "$file" ] || continue
  record sentinel refuse acted - "$file" "" - "a hostile command ran and created $file"
  rm -f "$file"
done

for id in "${created_annotations[@]}"; do
  [ -n "$id" ] && undo "/api/annotations/$id"
done

# --- the report -------------------------------------------------------------------------------

echo
for category in $(printf '%s\n' "${!sent[@]}" | sort); do
  printf '  %-9s %3d sent, %3d refused, %3d accepted, %3d acted on, %3d answered 500\n' "$category" \
    "${sent[$category]}" "${refused[$category]:-0}" "${accepted[$category]:-0}" \
    "${acted[$category]:-0}" "${failed[$category]:-0}"
done
if [ ${#expected_refusal_accepted[@]} -gt 0 ]; then
  echo
  echo "accepted though they should have been refused (not counted as acted on):"
  printf '  %s\n' "${expected_refusal_accepted[@]}"
fi
if [ ${#findings[@]} -gt 0 ]; then
  echo
  echo "acted on or answered 500 (or no answer):"
  printf '  %s\n' "${findings[@]}"
fi
echo
[ "$skipped" -gt 0 ] && echo "note: $skipped case(s) skipped: nothing to point them at"
[ "$no_detail" -gt 0 ] && echo "note: $no_detail API refusal(s) without a problem detail naming the problem:" && cat "$work/no-detail"
[ -z "$annotation_csv" ] && echo "note: no CSV export of annotations found; formula cells were checked in ${csv_exports[*]}"
[ -z "$chromium" ] && echo "note: no Chromium found: stored payloads were checked in the served HTML only"
echo "hostile inputs: $total sent, $total_refused refused, $total_accepted accepted, $total_acted acted on, $total_failed answered 500"
[ "$total_acted" -eq 0 ] && [ "$total_failed" -eq 0 ]
