/**
 * Images uploaded from this tab, by the job run on them, as object URLs: the page image the
 * ground result's boxes are drawn over. Gone on reload (the service never serves an upload back).
 */
export const uploadedImages = new Map<string, string>()
