import { APP_NAME } from '@/lib/constants';
import { LegalList, LegalSection } from './legal-document';

const CONTACT_EMAIL = 'privacy@signpost.example';

/** Privacy Policy: what we collect, why, for how long, and your rights. */
export function PrivacyPolicy() {
  return (
    <article aria-labelledby="privacy-title" className="mt-12 border-t border-slate-200 pt-10">
      <h2 id="privacy-title" className="text-2xl font-bold text-slate-900">
        Privacy Policy
      </h2>
      <LegalSection id="privacy-roles" title="1. Who is responsible">
        <p>
          For your account data (your name, e-mail address, password, plan and billing history){' '}
          {APP_NAME} is the controller. For the Customer Data your websites and apps send us through
          our SDK — events, page views, customer profiles and attributes of your end users — you are
          the controller and {APP_NAME} is your processor: we process it only on your documented
          instructions, to provide the Service, and under confidentiality. A data processing
          agreement is available on request.
        </p>
      </LegalSection>
      <LegalSection id="privacy-collect" title="2. What we collect">
        <LegalList>
          <li>
            <strong>Account data:</strong> name, e-mail address, avatar URL if you add one, and a
            securely hashed password.
          </li>
          <li>
            <strong>Billing data:</strong> your plan, invoices and the customer id of our card
            payment provider. Card numbers are entered with, and stored by, the payment provider; we
            never see or store them.
          </li>
          <li>
            <strong>Customer Data:</strong> whatever events, identifiers and attributes you choose
            to send with the SDK, plus technical context (page URL, referrer, user agent, time).
          </li>
          <li>
            <strong>Usage and security logs:</strong> sign-ins, IP addresses and errors, used to
            secure and operate the Service.
          </li>
        </LegalList>
      </LegalSection>
      <LegalSection id="privacy-use" title="3. Why we use it">
        <LegalList>
          <li>to provide the Service you signed up for (contract);</li>
          <li>to bill you and keep accounting records (legal obligation);</li>
          <li>to keep the Service secure and prevent abuse (legitimate interest);</li>
          <li>
            to send you service e-mails such as verification links, password resets and billing
            notices.
          </li>
        </LegalList>
        <p>
          We do not sell personal data and do not use Customer Data to advertise or to train models.
        </p>
      </LegalSection>
      <LegalSection id="privacy-storage" title="4. Cookies and local storage">
        <p>The dashboard stores only what it needs to work, on your device:</p>
        <LegalList>
          <li>
            <code>token</code> — your session, so you stay signed in (removed on logout);
          </li>
          <li>
            <code>email</code> — the last e-mail used to sign in, to prefill the sign-in form;
          </li>
          <li>
            <code>brand_id</code> — the product you last worked on;
          </li>
          <li>
            <code>cart</code> — a plan or add-on purchase in progress, cleared when you leave
            checkout;
          </li>
          <li>
            <code>sidebar:minimized</code> — whether the sidebar is minimized, kept in local storage
            and in a cookie that expires after 7 days.
          </li>
        </LegalList>
        <p>
          These are strictly necessary and are not used for tracking across sites. The SDK you
          install on your own website stores an anonymous id and a queue of unsent events in your
          visitors’ browsers; you are responsible for disclosing this to them.
        </p>
      </LegalSection>
      <LegalSection id="privacy-subprocessors" title="5. Subprocessors">
        <p>
          We use a card payment provider to process payments and store payment methods, and
          infrastructure providers to host the Service and deliver e-mail. They act on our
          instructions under written agreements. We will announce new subprocessors at least 30 days
          in advance so that you can object.
        </p>
      </LegalSection>
      <LegalSection id="privacy-retention" title="6. Retention and deletion">
        <LegalList>
          <li>Account data is kept while your account exists.</li>
          <li>
            Customer Data is kept for the period your plan provides and is deleted within 30 days of
            deleting the product it belongs to, or of closing your account.
          </li>
          <li>Invoices are kept as long as tax law requires.</li>
          <li>Security logs are kept for up to 90 days.</li>
        </LegalList>
        <p>
          You can delete a tracked product at any time from Product Tracking. To delete a single end
          user’s data, or your whole account, contact us and we will act within 30 days. Backups are
          overwritten within a further 35 days.
        </p>
      </LegalSection>
      <LegalSection id="privacy-rights" title="7. Your rights and security">
        <p>
          You may access, correct, export or delete your personal data and object to or restrict its
          processing. End users of our customers should contact the customer whose website collected
          their data; we will help that customer answer. Data is encrypted in transit, access is
          limited to staff who need it, and passwords are stored only as salted hashes.
        </p>
      </LegalSection>
      <LegalSection id="privacy-contact" title="8. Contact">
        <p>
          Questions or requests about privacy:{' '}
          <a className="font-medium text-brand-600 underline" href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
          . You also have the right to complain to your data protection authority.
        </p>
      </LegalSection>
    </article>
  );
}
