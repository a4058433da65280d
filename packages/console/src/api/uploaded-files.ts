/**
 * The files uploaded from this tab, by the job run on them: the pages a ground result's boxes are
 * drawn over. Held in memory only (gone on reload): spec 2 has no route that serves an upload
 * back, so a job opened later asks for the file again (`ground-pages.tsx`).
 */
export const uploadedFiles = new Map<string, File>()
