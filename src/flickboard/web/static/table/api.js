// The table's API from the page: JSON requests, seat tokens kept in this browser, and the
// game's live events (server-sent). The page never simulates or rules: it asks.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

export async function call(method, url, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, "the server cannot be reached: check the connection and try again");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (err) {
    data = null;
  }
  if (!response.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail : `error ${response.status}`;
    throw new ApiError(response.status, detail);
  }
  return data;
}

const KEY = "flickboard.table.";

// Seat tokens of one game held by this browser: {seat: token}.
export function heldTokens(gameId) {
  try {
    return JSON.parse(localStorage.getItem(KEY + gameId) || "{}");
  } catch (err) {
    return {};
  }
}

export function keepTokens(gameId, tokens) {
  localStorage.setItem(KEY + gameId, JSON.stringify({ ...heldTokens(gameId), ...tokens }));
}

// Join links of the seats played elsewhere, for the browser that made the game.
export function heldInvites(gameId) {
  try {
    return JSON.parse(localStorage.getItem(KEY + gameId + ".joins") || "{}");
  } catch (err) {
    return {};
  }
}

export function keepInvites(gameId, joins) {
  localStorage.setItem(KEY + gameId + ".joins", JSON.stringify(joins));
}

// Live events of a game: handlers by event name (shot, state, thinking, problem).
// EventSource reconnects by itself and the server sends what was missed.
export function listen(gameId, handlers, onStatus) {
  const source = new EventSource(`/api/play/games/${gameId}/events`);
  for (const [name, handler] of Object.entries(handlers)) {
    source.addEventListener(name, (event) => handler(JSON.parse(event.data)));
  }
  source.onopen = () => onStatus && onStatus(true);
  source.onerror = () => onStatus && onStatus(false);
  return source;
}
