import { PRICE_ALERT_CONSENT } from '#app/alerts/consent.ts'
import { LeadForm } from '#app/components/forms/lead-form.tsx'
import {
  AVAILABILITY_ALERT_FORM,
  FINANCING_REQUEST_FORM,
  PRICE_ALERT_FORM,
  reservedTestDriveNote,
  TEST_DRIVE_FORM,
  VEHICLE_ENQUIRY_FORM,
} from '#app/submissions/vehicle-lead-forms.ts'
import { type AppointmentSlot } from '#app/submissions/appointment-slots.ts'
import { formatPrice } from '#app/utils/format.ts'
import { tradeInHref } from '#app/vehicles/contact-links.ts'
import { FINANCING_ANCHOR, FINANCING_REQUEST_ANCHOR } from '#app/vehicles/financing.ts'
import { type VehicleDetail } from './data.server'
import { LeadSection } from './lead-section'

/**
 * The vehicle page's forms, in the order its buttons point to them: a reserved car's „Benachrichtigen,
 * falls wieder frei“, the enquiry, the financing request and the price alert (both with a price), and
 * the test drive. A sold car has none.
 */
export function VehicleForms({
  vehicle,
  name,
  hasPrice,
  financing,
  slots,
  sentSlot,
}: {
  vehicle: Pick<VehicleDetail, 'id' | 'make' | 'model' | 'price' | 'status'>
  name: string
  hasPrice: boolean
  financing: { termMonths: number; downPayment: number }
  slots: readonly AppointmentSlot[]
  sentSlot?: AppointmentSlot
}) {
  if (vehicle.status === 'sold') return null
  const reserved = vehicle.status === 'reserved'
  // What each form sends about the car it asks about.
  const formVehicle = { id: vehicle.id, make: vehicle.make, model: vehicle.model }
  return (
    <>
      {reserved ? (
        <LeadSection
          id="wieder-frei"
          highlighted
          className="mt-14"
          // With the soft hyphens a heading's long word gets (decision 102): at 320 px it broke „BENACHRICHTIGE|N“.
          heading={'Be\u00ADnach\u00ADrich\u00ADti\u00ADgen, falls wieder frei'}
          intro={`Der ${name} ist reserviert. Hinterlassen Sie Ihren Namen und Ihre Telefonnummer oder E-Mail-Adresse: Fällt die Reservierung weg, melden wir uns bei Ihnen.`}
        >
          <LeadForm form={AVAILABILITY_ALERT_FORM} anchor="wieder-frei" vehicle={formVehicle} submitLabel="BENACHRICHTIGEN, FALLS WIEDER FREI" />
        </LeadSection>
      ) : null}

      <LeadSection
        id="anfrage"
        className="mt-14"
        heading="Fahrzeug anfragen"
        intro={`Fragen zum ${name}, Probefahrt oder Finanzierung: Schreiben Sie uns, wir melden uns schnellstmöglich.`}
      >
        <LeadForm form={VEHICLE_ENQUIRY_FORM} anchor="anfrage" vehicle={formVehicle} />
      </LeadSection>

      {hasPrice ? (
        // Issue 38 item 3: the calculator's „Mit diesen Werten anfragen“ lands here with its term and down payment.
        <LeadSection
          id={FINANCING_REQUEST_ANCHOR}
          className="mt-10"
          heading="Finanzierung anfragen"
          intro={
            <>
              Für den {name} zu {formatPrice(vehicle.price)}: Wir rechnen Laufzeit und Anzahlung mit unserer Partnerbank durch und melden uns mit Ihrem Angebot.
              Das{' '}
              <a href={`#${FINANCING_ANCHOR}`} className="font-semibold underline underline-offset-4">
                Finanzierungsbeispiel
              </a>{' '}
              zeigt die Rate vorab.
            </>
          }
        >
          <LeadForm
            // A new term or down payment from the calculator (a navigation) starts the form with them.
            key={`${financing.termMonths}-${financing.downPayment}`}
            form={FINANCING_REQUEST_FORM}
            anchor={FINANCING_REQUEST_ANCHOR}
            vehicle={formVehicle}
            financing={financing}
            submitLabel="FINANZIERUNG ANFRAGEN"
          />
        </LeadSection>
      ) : null}

      {hasPrice ? (
        // „Preis auf Anfrage“ has no price that could fall (the API refuses it too, submit.server.ts).
        <LeadSection
          id="preis-beobachten"
          className="mt-10"
          heading="Preis beobachten"
          intro={`Wir schreiben Ihnen eine E-Mail, sobald der Preis des ${name} sinkt. Vorher bestätigen Sie Ihre Adresse über einen Link, den wir Ihnen schicken.`}
        >
          <LeadForm
            form={PRICE_ALERT_FORM}
            anchor="preis-beobachten"
            vehicle={formVehicle}
            submitLabel="PREIS BEOBACHTEN"
            fieldNotes={{ email: PRICE_ALERT_CONSENT }}
          />
        </LeadSection>
      ) : null}

      <LeadSection
        id="probefahrt"
        className="mt-10"
        heading="Probefahrt vereinbaren"
        intro={`Wählen Sie Ihren Wunschtermin in unseren Öffnungszeiten. ${
          reserved ? reservedTestDriveNote(name) : `Wir rufen Sie an und bestätigen ihn – der ${name} steht dann für Sie bereit.`
        }`}
      >
        <LeadForm
          form={TEST_DRIVE_FORM}
          anchor="probefahrt"
          vehicle={formVehicle}
          slots={slots}
          sentSlot={sentSlot}
          submitLabel="PROBEFAHRT ANFRAGEN"
          fieldNotes={{ tradeIn: <TradeInNote vehicleId={vehicle.id} /> }}
          confirmationNote={
            <>
              {reserved ? <p className="mb-2 font-semibold">{reservedTestDriveNote(name)}</p> : null}
              <TradeInNote vehicleId={vehicle.id} />
            </>
          }
        />
      </LeadSection>
    </>
  )
}

/**
 * Under the trade-in checkbox and with the confirmation: the way into the sell flow, this car noted. It
 * says what the trade-in brings, not the checkbox's question again.
 */
function TradeInNote({ vehicleId }: { vehicleId: string }) {
  return (
    <p>
      Ihr jetziges Auto rechnen wir gern auf den Kaufpreis an:{' '}
      <a href={tradeInHref(vehicleId)} className="font-semibold text-zinc-900 underline underline-offset-4">
        Jetzt Ihr Fahrzeug bewerten lassen
      </a>
    </p>
  )
}
