#!/bin/bash
# The recipe that once crashed full screen (fixed; kept to check it stays so): Learn by playing, D, then F11 and 0.3 s later a resize >= 1024x640, repeated.
# Needs Xvfb on DISPLAY (default :37, e.g. `Xvfb :37 -screen 0 2800x1600x24 &`), xdotool and ImageMagick's import;
# screenshots of the first runs go to $SHOTS (default /tmp/scram-shots, made if missing).
# usage: screens/crash_recipe_fullscreen_resize.sh [RUNS=20] [REPEATS=10]
cd "$(dirname "$0")/.." && export DISPLAY=${DISPLAY:-:37}; mkdir -p ${SHOTS:-/tmp/scram-shots}
unset SDL_VIDEODRIVER; export SDL_AUDIODRIVER=dummy
RUNS=${1:-20}; REPS=${2:-10}; crashes=0; out=${SHOTS:-/tmp/scram-shots}/recipe.log; : > $out
for run in $(seq 1 $RUNS); do
  home=$(mktemp -d /tmp/scram-home.XXXX); export SCRAM_HOME=$home
  .venv/bin/python -m game > $home/stdout 2> $home/stderr & pid=$!
  win=""; for t in $(seq 1 100); do win=$(xdotool search --pid $pid --onlyvisible 2>/dev/null | head -1); [ -n "$win" ] && break; sleep 0.1; done
  sleep 1.5
  xdotool windowactivate --sync $win 2>/dev/null; xdotool windowfocus $win 2>/dev/null
  xdotool key --window $win l; sleep 2.5
  xdotool key --window $win d; sleep 1
  for r in $(seq 1 $REPS); do
    xdotool key --window $win F11; sleep 0.3
    w=$((1024 + RANDOM % 1600)); h=$((640 + RANDOM % 900))
    win2=$(xdotool search --pid $pid --onlyvisible 2>/dev/null | head -1); [ -n "$win2" ] && win=$win2
    xdotool windowsize $win $w $h 2>/dev/null; sleep 0.4
    kill -0 $pid 2>/dev/null || break
  done
  [ $run -le 3 ] && import -window root ${SHOTS:-/tmp/scram-shots}/recipe-run$run.png
  if kill -0 $pid 2>/dev/null; then status=alive; kill $pid; wait $pid 2>/dev/null; else wait $pid; status="dead rc=$?"; crashes=$((crashes+1)); fi
  log=none; [ -f $home/data/crash.log ] && log="$(wc -l < $home/data/crash.log) lines"
  
  echo "run $run: $status, crash.log: $log, stderr: $(grep -ci 'error\|fault\|traceback' $home/stderr) error lines" | tee -a $out
done
echo "runs $RUNS, repeats $REPS each, crashes $crashes" | tee -a $out
