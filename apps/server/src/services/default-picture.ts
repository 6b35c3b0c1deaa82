/** The default profile picture (SPEC §9: a static image): a neutral head-and-shoulders silhouette. */
export const DEFAULT_PROFILE_PICTURE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="Default profile picture">
<rect width="128" height="128" fill="#cfd8dc"/>
<circle cx="64" cy="50" r="24" fill="#90a4ae"/>
<path d="M20 128c0-26 20-42 44-42s44 16 44 42z" fill="#90a4ae"/>
</svg>`;
