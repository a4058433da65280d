export const fileToolEndpoints = [] as const
