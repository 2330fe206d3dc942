/** The landing page's sections in order; the top navigation links to each by id. */
export const landingSections = [
  { id: 'home', label: 'Home' },
  { id: 'about', label: 'About' },
  { id: 'features', label: 'Features' },
  { id: 'team', label: 'Team' },
  { id: 'contact', label: 'Contact' },
] as const;

export type LandingSectionId = (typeof landingSections)[number]['id'];
