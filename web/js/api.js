// The server's JSON API (web/API.md). Every call answers the parsed JSON, or throws an Error
// whose message is the server's own sentence, for the page to show as it is.

async function answerOf(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: a proxy's page, or the server is gone.
  }
  if (!response.ok) {
    const error = new Error(body && body.error ? body.error
      : `The server answered ${response.status}; is sudokucam serve still running?`);
    error.status = response.status;
    error.retryAfter = Number(response.headers.get('Retry-After')) || 1;
    throw error;
  }
  return body;
}

async function post(path, body, headers = { 'Content-Type': 'application/json' }) {
  let response;
  try {
    response = await fetch(path, { method: 'POST', headers, body });
  } catch {
    throw new Error('The server cannot be reached; is sudokucam serve still running?');
  }
  return answerOf(response);
}

const postJson = (path, object) => post(path, JSON.stringify(object));

export const gameState = (request) => postJson('/api/game', request);
export const nextHint = (request) => postJson('/api/hint', request);
// `variant`: {variant, regions} as the API takes them, or {} for what the text says.
export const parsePuzzle = (text, variant = {}) => postJson('/api/parse', { text, ...variant });
export const gradePuzzle = (puzzle, variant = {}) => postJson('/api/grade', { puzzle, ...variant });
export const generatePuzzle = (options) => postJson('/api/generate', options);

const pause = (seconds) => new Promise((resolve) => { setTimeout(resolve, seconds * 1000); });

// The kind of grid a photo or a camera frame holds, as query parameters (none for a classic
// 9x9); `first` is the separator before them.
function kindQuery(size, variant, first = '?') {
  const params = new URLSearchParams();
  if (size && size !== 9) params.set('size', String(size));
  if (variant && variant !== 'classic') params.set('variant', variant);
  const text = params.toString();
  return text ? `${first}${text}` : '';
}

// The photo's own bytes as the body: the reader sniffs the format. A 503 means every core is
// reading someone's photo: wait as told and try again a few times before giving up.
export async function readPhoto(file, size, variant = 'classic', tries = 4) {
  const query = kindQuery(size, variant);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await post(`/api/read${query}`, file, {
        'Content-Type': file.type || 'application/octet-stream',
        'X-Filename': encodeURIComponent(file.name || 'photo'),
      });
    } catch (error) {
      if (error.status !== 503 || attempt >= tries) throw error;
      await pause(Math.min(error.retryAfter, 5));
    }
  }
}

// One camera frame (a JPEG blob) of the page's live camera session, read as a grid of `size`
// cells a side of `variant` (the photo's choices).
export function cameraFrame(session, blob, size = 9, variant = 'classic') {
  const query = kindQuery(size, variant, '&');
  return post(`/api/frame?session=${encodeURIComponent(session)}${query}`, blob,
    { 'Content-Type': 'image/jpeg' });
}

export function closeCamera(session) {
  return post(`/api/frame/close?session=${encodeURIComponent(session)}`, '',
    { 'Content-Type': 'text/plain' }).catch(() => null);
}
