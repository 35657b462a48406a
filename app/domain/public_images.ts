/** Logos and QR codes are small pictures: 1 MB is plenty and keeps the public disk small. */
export const PUBLIC_IMAGE_MAX_MB = 1

/** What the browser's file picker is told to offer for a public image (the server decides by content). */
export const PUBLIC_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp'
