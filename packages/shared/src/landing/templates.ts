import type { LandingPageContent, LandingTemplate } from '../routes/landing-page.js';

const base = {
  subtitle: 'A short line on what it does for the people who use it.',
  body: 'Say more here: what the app is for, who it is for, and how to start.',
  buttonText: 'Get started',
  buttonUrl: '#',
  logo: '',
  image: '',
};

/** The built-in templates: a layout each, with content to start from. */
export const LANDING_TEMPLATES: LandingTemplate[] = [
  {
    id: 'classic',
    name: 'Classic',
    description: 'Centred: logo, title, subtitle and a button over a coloured band, then the text and an image.',
    defaults: {
      ...base,
      template: 'classic',
      title: 'Welcome to our app',
      primaryColor: '#3b5bdb',
      backgroundColor: '#ffffff',
    },
  },
  {
    id: 'split',
    name: 'Split',
    description: 'Two columns: the words and the button on one side, a large image on the other.',
    defaults: {
      ...base,
      template: 'split',
      title: 'Everything in one place',
      primaryColor: '#0c8599',
      backgroundColor: '#f8f9fa',
    },
  },
  {
    id: 'minimal',
    name: 'Minimal',
    description: 'One column of text on a plain page, the button as a link; for a notice or a coming-soon page.',
    defaults: {
      ...base,
      template: 'minimal',
      title: 'Coming soon',
      primaryColor: '#212529',
      backgroundColor: '#ffffff',
    },
  },
];

export function landingTemplate(id: string): LandingTemplate | undefined {
  return LANDING_TEMPLATES.find((t) => t.id === id);
}

/** The content a page has before anything is saved. */
export function defaultLandingContent(): LandingPageContent {
  return { ...LANDING_TEMPLATES[0].defaults };
}
