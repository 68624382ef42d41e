// The Content-Type of a published file, by its extension, as static hosts
// answer them; anything unknown is served as bytes to download.

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
  map: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/x-icon",
  bmp: "image/bmp",
  pdf: "application/pdf",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  otf: "font/otf",
  eot: "application/vnd.ms-fontobject",
  mp4: "video/mp4",
  webm: "video/webm",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  csv: "text/csv; charset=utf-8",
  yaml: "text/yaml; charset=utf-8",
  yml: "text/yaml; charset=utf-8",
};

export function contentTypeOf(file: string): string {
  const dot = file.lastIndexOf(".");
  const extension = dot >= 0 ? file.slice(dot + 1).toLowerCase() : "";
  return TYPES[extension] ?? "application/octet-stream";
}

/** Documents a browser would run scripts in when opened directly: answered with a Content-Security-Policy that forbids them. */
export function isActiveContent(contentType: string): boolean {
  return /^(text\/html|image\/svg\+xml|application\/xml|text\/xml|application\/xhtml\+xml)/.test(contentType);
}
