import { ButtonLink } from '@/components/ui/button-link';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { useStatus } from '@/features/status/api/get-status';
import { ModelLicences } from '@/features/status/components/model-licences';
import { PairQualities } from '@/features/status/components/pair-qualities';
import { dataHandlingText } from '@/features/status/data-handling';
import { mainTranslationModel } from '@/features/status/model-licences';
import { speechRecognition } from '@/lib/speech';

/** The page's claims, said of this server: how many languages it serves, whether its API needs a key. */
function featuresOf(languages: number) {
  return [
    {
      title: 'Global reach',
      text:
        languages >= 200
          ? 'More than 200 languages, from Swahili, Hausa and Yoruba to Quechua, Tibetan and Ol Chiki, each shown in its own script.'
          : `${languages} languages on this server, each shown in its own script.`,
    },
    {
      title: 'Instant translation',
      text: 'Type or drop text and get the translation in seconds. Not sure what language it is? Sema detects it for you.',
    },
    {
      title: 'Knowledge access',
      text: 'Chat with an AI assistant in your own language: your question is translated, answered, and the answer translated back.',
    },
  ];
}

function keyFeaturesOf(keyRequired: boolean) {
  return [
    'Automatic language detection',
    'Right-to-left scripts such as Arabic, Urdu and Hebrew',
    'Works on phones and slow networks',
    keyRequired ? 'A developer API (this server asks for an API key)' : 'A free developer API with no key',
    'Self-hostable: run it on your own server',
    'No signup required',
  ];
}

/** Where this server sends the texts people type, as its configuration says (not a promise made here). */
function YourText() {
  const { data: status, isPending } = useStatus();
  const text = dataHandlingText(status);
  // Said only where this browser offers dictation, as the microphone button shows only there.
  const dictation = speechRecognition() !== undefined;
  return (
    <section aria-labelledby="about-your-text" className="flex flex-col gap-3" data-testid="about-your-text">
      <h2 id="about-your-text" className="text-xl font-bold text-slate-900">
        Where your text goes
      </h2>
      <p className="text-slate-700" data-testid="about-device">
        Your conversations, your recent translations, the languages you chose and your unsent draft are kept
        in this browser on this device only: they are never stored on the server, and nothing of them leaves
        the device unless you send a message{dictation ? ' or dictate one' : ''}.
      </p>
      {dictation && (
        <p className="text-slate-700" data-testid="about-dictation">
          Dictation (the microphone button) is your browser's own speech recognition, not {PRODUCT_NAME}'s:
          Chrome, Edge and other Chromium browsers send what you say to Google's speech service to turn it
          into text, and other browsers may use their maker's service. {PRODUCT_NAME}'s server receives only
          the text.
        </p>
      )}
      {text ? (
        <ul className="flex flex-col gap-2 text-slate-700">
          <li data-testid="about-translation-data">{text.translation}</li>
          <li data-testid="about-chat-data">{text.chat}</li>
        </ul>
      ) : (
        <p className="text-slate-700">
          {isPending
            ? 'Asking this server where it sends texts…'
            : 'This server does not say where it sends the texts you type; ask whoever runs it.'}
        </p>
      )}
    </section>
  );
}

/** /about: the mission, what it offers, and how it is built. */
export function AboutRoute() {
  const { data: status } = useStatus();
  const mainModel = mainTranslationModel(status);
  const features = featuresOf(mainModel.languages);
  const keyFeatures = keyFeaturesOf(status?.api_key_required === true);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-12 px-4 py-12">
      <title>{`About · ${PRODUCT_NAME}`}</title>
      <header className="flex flex-col items-start gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">About {PRODUCT_NAME}</h1>
        <p className="max-w-2xl text-lg text-slate-700">
          Our mission: everyone should be able to read, write and ask questions in their own language —
          especially the speakers of languages that big products serve badly.
        </p>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={paths.home.getHref()}>Try {PRODUCT_NAME} now</ButtonLink>
          <ButtonLink to={paths.developer.getHref()} variant="secondary">
            Try API
          </ButtonLink>
        </div>
      </header>

      <section aria-labelledby="about-what" className="grid gap-6 sm:grid-cols-3">
        <h2 id="about-what" className="sr-only">
          What {PRODUCT_NAME} offers
        </h2>
        {features.map((feature) => (
          <div key={feature.title} className="rounded-xl border border-slate-200 p-5">
            <h3 className="text-lg font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-slate-700">{feature.text}</p>
          </div>
        ))}
      </section>

      <section aria-labelledby="about-features" className="flex flex-col gap-4">
        <h2 id="about-features" className="text-xl font-bold text-slate-900">
          Key features
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {keyFeatures.map((item) => (
            <li key={item} className="flex items-start gap-2 text-slate-700">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-600" />
              {item}
            </li>
          ))}
        </ul>
      </section>

      <YourText />

      <section aria-labelledby="about-technology" className="flex flex-col gap-4">
        <h2 id="about-technology" className="text-xl font-bold text-slate-900">
          Technology
        </h2>
        <p className="text-slate-700">
          Translation runs on {mainModel.name}, an open model that covers {mainModel.languages} languages.
          Language detection runs offline on the server. The web app is small and loads nothing from other
          sites, so it stays fast on slow connections.
        </p>
        {mainModel.isNllb && (
          <p className="text-slate-700">
            The NLLB-200 weights, published by Meta, are licensed{' '}
            <a
              href="https://creativecommons.org/licenses/by-nc/4.0/"
              className="font-medium text-brand-700 underline hover:text-brand-800"
            >
              CC-BY-NC 4.0
            </a>
            : they may be used for non-commercial purposes only. Whoever runs a {PRODUCT_NAME} server can
            configure other translation models (M2M-100 under MIT, OPUS-MT pair models under CC-BY 4.0), or
            another server, instead.
          </p>
        )}
        <ModelLicences />
        <PairQualities />
      </section>
    </div>
  );
}
