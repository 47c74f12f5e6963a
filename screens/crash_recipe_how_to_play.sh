#!/bin/bash
# The recipe that once crashed How to play (fixed; kept to check it stays so): How to play page 1, F11, then within 0.5 s a resize to 2600x420.
# usage: screens/crash_recipe_how_to_play.sh [RUNS=5]
# Needs Xvfb on DISPLAY (default :37, e.g. `Xvfb :37 -screen 0 2800x1600x24 &`), xdotool and ImageMagick's import;
# screenshots of the first runs go to $SHOTS (default /tmp/scram-shots, made if missing).
cd "$(dirname "$0")/.." && export DISPLAY=${DISPLAY:-:37}; mkdir -p ${SHOTS:-/tmp/scram-shots}
unset SDL_VIDEODRIVER; export SDL_AUDIODRIVER=dummy
RUNS=${1:-5}; bad=0
for run in $(seq 1 $RUNS); do
  home=$(mktemp -d /tmp/scram-home2.XXXX); export SCRAM_HOME=$home
  .venv/bin/python -m game > $home/stdout 2> $home/stderr & pid=$!
  win=""; for t in $(seq 1 100); do win=$(xdotool search --pid $pid --onlyvisible 2>/dev/null | head -1); [ -n "$win" ] && break; sleep 0.1; done
  sleep 1.5; xdotool windowactivate --sync $win 2>/dev/null
  xdotool key --window $win h; sleep 1.5
  xdotool key --window $win F11; sleep 0.$((1 + RANDOM % 4))
  win2=$(xdotool search --pid $pid --onlyvisible 2>/dev/null | head -1); [ -n "$win2" ] && win=$win2
  xdotool windowsize $win 2600 420; sleep 1.5
  import -window root ${SHOTS:-/tmp/scram-shots}/recipe2-run$run-a.png
  xdotool key --window $win F11; sleep 0.4; xdotool windowsize $win 2600 420; sleep 1.5
  import -window root ${SHOTS:-/tmp/scram-shots}/recipe2-run$run-b.png
  geo=$(xdotool getwindowgeometry $win 2>/dev/null | tr '\n' ' ')
  if kill -0 $pid 2>/dev/null; then status=alive; kill $pid; wait $pid 2>/dev/null; else wait $pid; status="dead rc=$?"; bad=$((bad+1)); fi
  log=none; [ -f $home/data/crash.log ] && log="$(wc -c < $home/data/crash.log) bytes"
  echo "run $run: $status, $geo, crash.log: $log, stderr error lines: $(grep -ci 'error\|traceback' $home/stderr)"
  grep -i "error" $home/stderr | head -3
done
echo "runs $RUNS, failures $bad"
