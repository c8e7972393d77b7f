// guideFollow(draw): a TV page's view now, then again after every command, pushed by the
// table as server-sent events (a screen that slept reconnects by itself and is drawn as the
// table is now). The page's own token (view --lan) goes with every request.
function guideFollow(draw) {
  const token = new URLSearchParams(location.search).get("token");
  const query = token ? "?token=" + encodeURIComponent(token) : "";
  const safely = v => { try { draw(v); } catch (e) { console.error(e); } };
  fetch("/state.json" + query, {cache: "no-store"})
    .then(r => r.ok ? r.json() : null).then(v => v && safely(v)).catch(() => {})
    .finally(() => setTimeout(() => {
      const events = new EventSource("/events" + query);
      events.onmessage = e => { try { safely(JSON.parse(e.data)); } catch (err) {} };
    }, 1000));
}
